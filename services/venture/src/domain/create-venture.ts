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
 * What names a creation request: the client's Idempotency-Key, else the name and the second it came in (two
 * requests racing within the same second collide on the unique index even before either is visible to the
 * other's `findRecentlyCreated`).
 */
function creationKeyOf(name: string, now: Date, idempotencyKey: string | undefined): string {
  if (idempotencyKey) return `key:${idempotencyKey}`;
  const nameHash = createHash('sha256').update(name).digest('base64url').slice(0, 22);
  return `auto:${nameHash}:${Math.floor(now.getTime() / DUPLICATE_WINDOW_MS)}`;
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
  // A double-click, a retried request: the venture the first one made is the answer (issue 20).
  const now = ctx.clock();
  const recent = await ctx.ventures.findRecentlyCreated(
    userId,
    input.name,
    new Date(now.getTime() - DUPLICATE_WINDOW_MS),
  );
  if (recent) return toVentureView(recent, userId);
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
      creationKey: creationKeyOf(input.name, now, idempotencyKey),
    },
    [ventureEvent(ctx, caller, 'venture.created', { ventureId: id, ownerId: userId, name: input.name })],
  );
  return toVentureView(venture, userId);
}
