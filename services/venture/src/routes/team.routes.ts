import { parseInput, requireUserId, respond } from '@app/common';
import { ventureTeamApi } from '@app/contracts';
import type { Router } from 'express';
import { acceptInvitation, previewInvitation } from '../domain/accept-invitation.ts';
import { changeMemberRole } from '../domain/change-member-role.ts';
import { commentOnTask, deleteComment, editComment, listComments } from '../domain/comment-on-task.ts';
import { inviteMember } from '../domain/invite-member.ts';
import { listActivity } from '../domain/list-activity.ts';
import { listMembers } from '../domain/list-members.ts';
import { listInvitations, resendInvitation, revokeInvitation } from '../domain/manage-invitations.ts';
import { removeMember } from '../domain/remove-member.ts';
import { setTaskAssignee } from '../domain/set-task-assignee.ts';
import { taskIn } from '../domain/task-language.ts';
import type { VentureContext } from '../domain/venture.ts';
import { languageOf } from './language.ts';
import { callerOf } from './venture.routes.ts';

/** Founding teams (issue 16): members, invitations, assignees, comments, activity. */
export function teamRoutes(router: Router, ctx: VentureContext): void {
  const api = ventureTeamApi;

  router.get(api.listMembers.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.listMembers.params, req.params);
    respond(res, api.listMembers, await listMembers(ctx, userId, id));
  });

  router.patch(api.changeMemberRole.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, userId: memberId } = parseInput(api.changeMemberRole.params, req.params);
    const { role } = parseInput(api.changeMemberRole.body, req.body ?? {});
    respond(
      res,
      api.changeMemberRole,
      await changeMemberRole(ctx, callerOf(req), userId, id, memberId, role),
    );
  });

  router.delete(api.removeMember.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, userId: memberId } = parseInput(api.removeMember.params, req.params);
    await removeMember(ctx, callerOf(req), userId, id, memberId);
    respond(res, api.removeMember, { success: true });
  });

  router.get(api.listInvitations.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.listInvitations.params, req.params);
    respond(res, api.listInvitations, await listInvitations(ctx, userId, id));
  });

  router.post(api.createInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.createInvitation.params, req.params);
    const input = parseInput(api.createInvitation.body, req.body ?? {});
    respond(res, api.createInvitation, await inviteMember(ctx, callerOf(req), userId, id, input));
  });

  router.post(api.resendInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, invitationId } = parseInput(api.resendInvitation.params, req.params);
    respond(res, api.resendInvitation, await resendInvitation(ctx, callerOf(req), userId, id, invitationId));
  });

  router.delete(api.revokeInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, invitationId } = parseInput(api.revokeInvitation.params, req.params);
    await revokeInvitation(ctx, userId, id, invitationId);
    respond(res, api.revokeInvitation, { success: true });
  });

  // Signed in or not: the identity's user, if any, only says whether the address matches.
  router.post(api.previewInvitation.path, async (req, res) => {
    const { token } = parseInput(api.previewInvitation.body, req.body ?? {});
    const userId = req.identity?.sub ?? null;
    respond(res, api.previewInvitation, await previewInvitation(ctx, callerOf(req), userId, token));
  });

  router.post(api.acceptInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const input = parseInput(api.acceptInvitation.body, req.body ?? {});
    respond(res, api.acceptInvitation, await acceptInvitation(ctx, callerOf(req), userId, input));
  });

  router.put(api.setTaskAssignee.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.setTaskAssignee.params, req.params);
    const { assigneeId } = parseInput(api.setTaskAssignee.body, req.body ?? {});
    const task = await setTaskAssignee(ctx, callerOf(req), userId, id, assigneeId);
    respond(res, api.setTaskAssignee, taskIn(languageOf(req, res), task));
  });

  router.get(api.listComments.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.listComments.params, req.params);
    respond(res, api.listComments, await listComments(ctx, userId, id));
  });

  router.post(api.createComment.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.createComment.params, req.params);
    const { body } = parseInput(api.createComment.body, req.body ?? {});
    respond(res, api.createComment, await commentOnTask(ctx, callerOf(req), userId, id, body));
  });

  router.patch(api.updateComment.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, commentId } = parseInput(api.updateComment.params, req.params);
    const { body } = parseInput(api.updateComment.body, req.body ?? {});
    respond(res, api.updateComment, await editComment(ctx, userId, id, commentId, body));
  });

  router.delete(api.deleteComment.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, commentId } = parseInput(api.deleteComment.params, req.params);
    await deleteComment(ctx, userId, id, commentId);
    respond(res, api.deleteComment, { success: true });
  });

  router.get(api.listActivity.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.listActivity.params, req.params);
    const query = parseInput(api.listActivity.query, req.query ?? {});
    respond(res, api.listActivity, await listActivity(ctx, userId, id, query, languageOf(req, res)));
  });
}
