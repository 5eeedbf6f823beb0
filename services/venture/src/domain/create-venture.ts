import { createHash } from 'node:crypto';
import { DEFAULT_TIME_ZONE, type RouteInput, type VentureDetail, type ventureApi } from '@app/contracts';
import { enrolmentChangedEvent } from './enrolments.ts';
import { institutionViewOf } from './get-venture.ts';
import { mayCreateVenture, planLimitReached, ventureLimitOf } from './plan-limit.ts';
import { pinnedRoadmap, tasksFromSeeds } from './venture-template.ts';
import {
  toVentureView,
  ventureErrors,
  ventureEvent,
  type Caller,
  type VentureContext,
  type VentureTaskRecord,
} from './venture.ts';

/** Two creations by one user with the same name closer than this are one (issue 20). */
export const DUPLICATE_WINDOW_MS = 1000;

/**
 * The name window of a creation: the name with the second it came in and the next one. Two creations of the
 * same name less than a second apart always share one of these (and ones up to two seconds apart may), so
 * the unique index on them refuses the second even when both requests race and neither sees the other.
 */
function nameWindowKeys(name: string, now: Date): string[] {
  const nameHash = createHash('sha256').update(name).digest('base64url').slice(0, 22);
  const second = Math.floor(now.getTime() / DUPLICATE_WINDOW_MS);
  return [`${nameHash}:${second}`, `${nameHash}:${second + 1}`];
}

/** The validated body of `POST /api/ventures`: name trimmed, blurb '' when none. */
export type NewVentureInput = RouteInput<typeof ventureApi.createVenture>;

/**
 * Creates a venture with a task for every master task template (all `todo`), or (issue 18) for every visible
 * task of the template version its founder's program pins, records `venture.created` in the same write,
 * makes its creator its first owner, and keeps the owner's username (asked from the auth service) for later
 * events. Which tasks it has is fixed here (a newer version comes only through the owners' update); their
 * titles and descriptions are read from the templates or the version (issue 21: no copy that cannot be
 * corrected).
 */
export async function createVenture(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  input: NewVentureInput,
  /** The request's `Idempotency-Key`, already checked against `IDEMPOTENCY_KEY_PATTERN`. */
  idempotencyKey?: string,
): Promise<VentureDetail> {
  // A double-click, a retried request: the venture the first one made is the answer (issue 20), by the
  // unique indexes on the creator's Idempotency-Key and name window (the repository's `create`).
  const now = ctx.clock();
  const windowKeys = nameWindowKeys(input.name, now);
  const owner = await ctx.owners.profileOf(userId, caller);
  if (owner === null) throw ventureErrors.ownerUnknown();
  // Issue 18: the Free plan's limit. A repeated request still gets the venture its first one made.
  // The shared demo account is exempt: every visitor uses it, and its ventures are wiped every hour.
  const limit = owner.email === ctx.invitations.demoUsername ? null : await ventureLimitFor(ctx, userId);
  if (!mayCreateVenture(await ctx.ventures.ownedCount(userId), limit)) {
    const repeated = await ctx.ventures.findRepeatedCreation(userId, idempotencyKey, windowKeys);
    if (repeated) return toVentureView(repeated, userId, await institutionViewOf(ctx, repeated.id, null));
    throw planLimitReached(limit ?? 0);
  }
  const ownerUsername = owner.email;
  // Issue 18: a founder enrolled in a program without a venture yet gets the version the program pins.
  const waiting = await waitingEnrolmentOf(ctx, userId);
  const program = waiting ? await ctx.institutions.programById(waiting.programId) : null;
  const fromTemplate = await pinnedRoadmap(
    ctx,
    program && program.templateVersion !== null
      ? { organizationId: program.organizationId, version: program.templateVersion }
      : null,
  );
  const tasks: VentureTaskRecord[] =
    fromTemplate?.tasks ??
    tasksFromSeeds(
      ctx,
      (await ctx.templates.list()).map((template) => ({ ...template, taskId: template.id })),
    );
  const id = ctx.ventures.newId();
  const venture = await ctx.ventures.create(
    {
      id,
      userId,
      ownerUsername,
      name: input.name,
      blurb: input.blurb,
      timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
      targetLaunchDate: null,
      tasks,
      members: [{ ...owner, role: 'owner', joinedAt: now }],
      ...(idempotencyKey ? { creationKey: idempotencyKey } : {}),
      nameWindowKeys: windowKeys,
      ...(fromTemplate ? { template: fromTemplate.template } : {}),
    },
    [ventureEvent(ctx, caller, 'venture.created', { ventureId: id, ownerId: userId, name: input.name })],
  );
  // Issue 18: a founder enrolled in a program without a venture yet: this one is the program's. A separate
  // write, conditional on the enrolment still having none (the founder can also pick it on the venture page).
  if (venture.id === id) await followByWaitingEnrolment(ctx, caller, userId, id);
  return toVentureView(venture, userId, await institutionViewOf(ctx, venture.id, null));
}

/** The user's venture limit: the Free plan's, or none for a member of an Enterprise organization. */
async function ventureLimitFor(ctx: VentureContext, userId: string): Promise<number | null> {
  const memberships = await ctx.institutions.membershipsOf(userId);
  const organizations = await Promise.all(
    memberships.map((m) => ctx.institutions.organizationById(m.organizationId)),
  );
  return ventureLimitOf(
    ctx.plan.freeVentureLimit,
    organizations.filter((org) => org !== null),
  );
}

async function waitingEnrolmentOf(ctx: VentureContext, userId: string) {
  return (await ctx.institutions.enrolmentsOf(userId)).find((e) => e.ventureId === null) ?? null;
}

async function followByWaitingEnrolment(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  ventureId: string,
): Promise<void> {
  const waiting = await waitingEnrolmentOf(ctx, userId);
  if (!waiting) return;
  await ctx.institutions.updateEnrolment(
    { programId: waiting.programId, userId, ventureId, onlyIfNoVenture: true },
    (after) => [enrolmentChangedEvent(ctx, caller, after)],
  );
}
