import { canModifyComment, type TaskComment } from '@app/contracts';
import { taskFor } from './access.ts';
import { findMentions } from './mentions.ts';
import {
  memberOf,
  toEventMember,
  toEventPerson,
  ventureErrors,
  ventureEvent,
  type Caller,
  type CommentRecord,
  type VentureContext,
} from './venture.ts';
import { spanishTitleOf } from '../content/task-guides.ts';

export function toCommentView(comment: CommentRecord): TaskComment {
  return {
    id: comment.id,
    ventureId: comment.ventureId,
    taskId: comment.taskId,
    authorId: comment.authorId,
    authorName: comment.authorName,
    body: comment.body,
    mentionedIds: comment.mentionedIds,
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt ? comment.editedAt.toISOString() : null,
  };
}

/** Any member: a task's comments, oldest first. */
export async function listComments(
  ctx: VentureContext,
  userId: string,
  taskId: string,
): Promise<TaskComment[]> {
  await taskFor(ctx, userId, taskId, 'view', { staff: true });
  return (await ctx.comments.listForTask(taskId)).map(toCommentView);
}

/**
 * Any member (viewers too) writes a comment; `@mentions` are resolved against the members, and
 * `task.commented` (in the comment's own write) tells the mentioned members and the assignee.
 */
export async function commentOnTask(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  taskId: string,
  body: string,
): Promise<TaskComment> {
  const {
    venture,
    member: author,
    task,
  } = await taskFor(ctx, userId, taskId, 'comment', {
    staff: true,
    correlationId: caller.correlationId,
  });
  const mentionedIds = findMentions(body, venture.members).filter((id) => id !== userId);
  const assignee = task.assigneeId ? memberOf(venture, task.assigneeId) : undefined;
  const comment: CommentRecord = {
    id: ctx.comments.newId(),
    ventureId: venture.id,
    taskId,
    authorId: userId,
    authorName: author.displayName,
    body,
    mentionedIds,
    createdAt: ctx.clock(),
    editedAt: null,
  };
  const created = await ctx.comments.create(comment, [
    ventureEvent(ctx, caller, 'task.commented', {
      ventureId: venture.id,
      ventureName: venture.name,
      taskId,
      taskTitle: task.title,
      ...spanishTitleOf(task),
      commentId: comment.id,
      author: toEventPerson(author),
      body,
      mentioned: venture.members.filter((m) => mentionedIds.includes(m.userId)).map(toEventMember),
      assignee: assignee ? toEventMember(assignee) : null,
    }),
  ]);
  return toCommentView(created);
}

/** Its author rewrites a comment (mentions resolved again, nobody e-mailed again); 403 for other members. */
export async function editComment(
  ctx: VentureContext,
  userId: string,
  taskId: string,
  commentId: string,
  body: string,
): Promise<TaskComment> {
  const { venture, member } = await taskFor(ctx, userId, taskId, 'view', { staff: true });
  const comment = await ctx.comments.findOnTask(commentId, taskId);
  if (!comment) throw ventureErrors.commentNotFound();
  if (!canModifyComment(member.role, userId, comment.authorId)) throw ventureErrors.notCommentAuthor('edit');
  const mentionedIds = findMentions(body, venture.members).filter((id) => id !== userId);
  const edited = await ctx.comments.edit({
    commentId,
    authorId: userId,
    body,
    mentionedIds,
    editedAt: ctx.clock(),
  });
  if (!edited) throw ventureErrors.commentNotFound();
  return toCommentView(edited);
}

/** Its author deletes a comment; 403 for other members. */
export async function deleteComment(
  ctx: VentureContext,
  userId: string,
  taskId: string,
  commentId: string,
): Promise<void> {
  const { member } = await taskFor(ctx, userId, taskId, 'view', { staff: true });
  const comment = await ctx.comments.findOnTask(commentId, taskId);
  if (!comment) throw ventureErrors.commentNotFound();
  if (!canModifyComment(member.role, userId, comment.authorId))
    throw ventureErrors.notCommentAuthor('delete');
  if (!(await ctx.comments.remove(commentId, userId))) throw ventureErrors.commentNotFound();
}
