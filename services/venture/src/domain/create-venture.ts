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
): Promise<VentureDetail> {
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
      members: [{ ...owner, role: 'owner', joinedAt: ctx.clock() }],
    },
    [ventureEvent(ctx, caller, 'venture.created', { ventureId: id, ownerId: userId, name: input.name })],
  );
  return toVentureView(venture, userId);
}
