import { createHash } from 'node:crypto';
import { withStandardPrerequisites } from '../content/task-prerequisites.ts';
import { DEFAULT_TIME_ZONE, type RouteInput, type VentureDetail, type ventureApi } from '@app/contracts';
import {
  categoryOrDefault,
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
 * Creates a venture with a copy of every master task template (all `todo`), records `venture.created` in
 * the same write, makes its creator its first owner, and keeps the owner's username (asked from the auth service) for later events. Later
 * template changes do not touch it: each venture owns its copy.
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
  const owner = await ctx.owners.profileOf(userId, caller);
  if (owner === null) throw ventureErrors.ownerUnknown();
  const ownerUsername = owner.email;
  const templates = await ctx.templates.list();
  const tasks: VentureTaskRecord[] = withStandardPrerequisites(
    templates.map((template) => ({
      id: ctx.ventures.newId(),
      taskId: template.id,
      title: template.title,
      description: template.description,
      category: categoryOrDefault(template.category),
      status: 'todo',
      assigneeId: null,
      startDate: null,
      dueDate: null,
      completedAt: null,
      prerequisiteIds: [],
    })),
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
      nameWindowKeys: nameWindowKeys(input.name, now),
    },
    [ventureEvent(ctx, caller, 'venture.created', { ventureId: id, ownerId: userId, name: input.name })],
  );
  return toVentureView(venture, userId);
}
