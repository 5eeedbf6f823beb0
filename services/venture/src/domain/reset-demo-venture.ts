import { DEFAULT_TIME_ZONE, type TaskStatus } from '@app/contracts';
import { withStandardPrerequisites } from '../content/task-prerequisites.ts';
import type { UserProfile, VentureContext, VentureTaskRecord } from './venture.ts';
import { categoryOrDefault } from './venture.ts';

/*
 * The demo account's sample venture (issue 16): a prospect who clicks Demo Login sees the product part-way
 * through, with a co-founder, assignees, comments and history. Every Demo Login visitor shares this one
 * account, so the auth service puts it back at start and on a schedule: whatever visitors did to the
 * demo's ventures goes, and the sample comes back as below. Nothing of it is an event, so nobody is
 * e-mailed.
 */

export const DEMO_VENTURE = {
  name: 'Brightside Analytics',
  blurb: 'Customer-feedback analytics for independent cafés',
};

/**
 * How far along the sample is, by roadmap position (the standard templates in order). Every done task has
 * its prerequisites done (issue 21: the smoke test, #9, waits for the privacy notice, so it is in progress).
 */
function demoStatus(index: number): TaskStatus {
  if (index < 8) return 'done';
  if (index < 12) return 'in_progress';
  if (index === 12) return 'blocked';
  return 'todo';
}

const HOUR = 60 * 60 * 1000;

/**
 * Replaces every venture the demo account created (with their comments and history, without events) by the
 * sample, with `coFounder` (if any) as an editor, under the id of the first of them. Returns the sample's id.
 */
export async function resetDemoVenture(
  ctx: VentureContext,
  owner: UserProfile,
  coFounder: UserProfile | null,
): Promise<string> {
  // The sample keeps the address of the demo's first venture: a visitor's open roadmap stays on it, and
  // its reads never find it missing (the old one is replaced in one write).
  const previous = await ctx.ventures.idsCreatedBy(owner.userId);
  const id = previous[0] ?? ctx.ventures.newId();
  // Its tasks keep their ids too (by template): a task drawer open at the hour stays on its task.
  const current = previous[0] === undefined ? null : await ctx.ventures.findLive(previous[0]);
  const taskIds = new Map(current?.tasks.map((task) => [task.taskId, task.id]));
  const now = ctx.clock().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const templates = await ctx.templates.list();
  const tasks: VentureTaskRecord[] = withStandardPrerequisites(
    templates.map((template, index) => {
      const status = demoStatus(index);
      const assigneeId =
        status === 'in_progress' || status === 'blocked'
          ? index % 2 === 0 || !coFounder
            ? owner.userId
            : coFounder.userId
          : null;
      return {
        id: taskIds.get(template.id) ?? ctx.ventures.newId(),
        taskId: template.id,
        title: template.title,
        description: template.description,
        category: categoryOrDefault(template.category),
        status,
        assigneeId,
        startDate: null,
        dueDate: null,
        completedAt: status === 'done' ? at(1) : null,
        prerequisiteIds: [],
      };
    }),
  );
  await ctx.ventures.replaceCreatedBy(owner.userId, {
    id,
    userId: owner.userId,
    ownerUsername: owner.email,
    ...DEMO_VENTURE,
    timeZone: DEFAULT_TIME_ZONE,
    targetLaunchDate: null,
    tasks,
    members: [
      { ...owner, role: 'owner', joinedAt: at(24 * 14) },
      ...(coFounder ? [{ ...coFounder, role: 'editor' as const, joinedAt: at(24 * 13) }] : []),
    ],
  });
  await ctx.comments.removeForVentures(previous);
  await ctx.activity.removeForVentures(previous);

  // A conversation on the first task in progress, and the history that led here.
  const discussed = tasks.find((task) => task.status === 'in_progress')!;
  const blocked = tasks.find((task) => task.status === 'blocked');
  const person = (p: UserProfile) => ({ userId: p.userId, displayName: p.displayName });
  const ownerFirstName = owner.displayName.split(/[\s@]/)[0] ?? owner.displayName;
  let n = 0;
  const entry = (hoursAgo: number) => ({
    id: ctx.activity.newId(),
    ventureId: id,
    eventId: `demo-${id}-${(n += 1)}`,
    at: at(hoursAgo),
  });
  if (coFounder) {
    const question = {
      id: ctx.comments.newId(),
      ventureId: id,
      taskId: discussed.id,
      authorId: coFounder.userId,
      authorName: coFounder.displayName,
      body: `@${ownerFirstName} I drafted the interview script for the café owners. Can you review it before Friday?`,
      mentionedIds: [owner.userId],
      createdAt: at(5),
      editedAt: null,
    };
    await ctx.comments.create(question, []);
    await ctx.comments.create(
      {
        ...question,
        id: ctx.comments.newId(),
        authorId: owner.userId,
        authorName: owner.displayName,
        body: 'Looks good. I added two questions about pricing; ready to send.',
        mentionedIds: [],
        createdAt: at(3),
      },
      [],
    );
    await ctx.activity.record({
      ...entry(24 * 13),
      kind: 'member.joined',
      actor: person(coFounder),
      details: { member: person(coFounder), role: 'editor' },
    });
    await ctx.activity.record({
      ...entry(5),
      kind: 'task.commented',
      actor: person(coFounder),
      details: { taskId: discussed.id, taskTitle: discussed.title, commentId: question.id },
    });
  }
  for (const [hoursAgo, task] of tasks
    .filter((t) => t.status === 'done')
    .slice(-3)
    .entries()) {
    await ctx.activity.record({
      ...entry(48 - hoursAgo * 8),
      kind: 'task.status_changed',
      actor: person(owner),
      details: { taskId: task.id, taskTitle: task.title, fromStatus: 'in_progress', toStatus: 'done' },
    });
  }
  if (blocked) {
    await ctx.activity.record({
      ...entry(8),
      kind: 'task.status_changed',
      actor: person(coFounder ?? owner),
      details: {
        taskId: blocked.id,
        taskTitle: blocked.title,
        fromStatus: 'in_progress',
        toStatus: 'blocked',
      },
    });
  }
  await ctx.activity.record({
    ...entry(6),
    kind: 'task.assigned',
    actor: person(owner),
    details: {
      taskId: discussed.id,
      taskTitle: discussed.title,
      assignee: discussed.assigneeId === owner.userId || !coFounder ? person(owner) : person(coFounder),
    },
  });
  return id;
}
