import type { UserVentureData } from '@app/contracts';
import { toActivityView } from './list-activity.ts';
import { orderMembers, roleOf, toMemberView, toTaskView, type VentureContext } from './venture.ts';
import { toCommentView } from './comment-on-task.ts';

/**
 * Issue 17: the venture part of a user's account export (right to data portability): every live venture
 * they are a member of (own and shared), with its members, tasks, every comment on it and its whole
 * history. Nothing of a venture they are not a member of.
 */
export async function userVentureData(ctx: VentureContext, userId: string): Promise<UserVentureData> {
  const ventures = await ctx.ventures.listForMember(userId);
  const comments = await ctx.comments.listForVentures(ventures.map((venture) => venture.id));
  const ventureData = [];
  for (const venture of ventures) {
    const activity = await ctx.activity.listAll(venture.id);
    ventureData.push({
      id: venture.id,
      name: venture.name,
      blurb: venture.blurb,
      createdAt: venture.createdAt.toISOString(),
      timeZone: venture.timeZone,
      targetLaunchDate: venture.targetLaunchDate,
      role: roleOf(venture, userId) ?? 'viewer',
      members: orderMembers(venture.members).map(toMemberView),
      tasks: venture.tasks.map(toTaskView),
      comments: comments.filter((comment) => comment.ventureId === venture.id).map(toCommentView),
      activity: activity.map(toActivityView),
    });
  }
  return { ventures: ventureData };
}
