import { pipeline } from 'node:stream/promises';
import { getCorrelationId, parseInput, requireUserId, respond } from '@app/common';
import { ORG_AUDIT_CSV_COLUMNS, workspaceApi } from '@app/contracts';
import { stringify } from 'csv-stringify';
import type { Request, Router } from 'express';
import { acceptInvitation, previewInvitation } from '../domain/accept-invitation.ts';
import { auditCsvRow, exportAudit, listAudit } from '../domain/audit-log.ts';
import { changeMemberRole } from '../domain/change-member-role.ts';
import { getWorkspace } from '../domain/get-workspace.ts';
import { inviteMember } from '../domain/invite-member.ts';
import { listMembers } from '../domain/list-members.ts';
import { listMyOrganizations } from '../domain/list-my-organizations.ts';
import { listInvitations, resendInvitation, revokeInvitation } from '../domain/manage-invitations.ts';
import { createProgram } from '../domain/create-program.ts';
import { listPrograms } from '../domain/list-programs.ts';
import { updateProgram } from '../domain/update-program.ts';
import { organizationErrors, type Caller, type OrganizationContext } from '../domain/organization.ts';
import { removeMember } from '../domain/remove-member.ts';
import { updateSettings } from '../domain/update-settings.ts';

const api = workspaceApi;

function callerOf(req: Request): Caller {
  return { correlationId: getCorrelationId(req) };
}

/**
 * The path parameters of a workspace call. A slug that could never exist is simply not found (404, as an
 * organization outside one's scope); other malformed ids are 400 with their message.
 */
function paramsOf<S extends { safeParse(input: unknown): { success: boolean } }>(
  schema: S & Parameters<typeof parseInput>[0],
  params: unknown,
) {
  const slugOk = api.getWorkspace.params.safeParse({ slug: (params as { slug?: unknown }).slug }).success;
  if (!slugOk) throw organizationErrors.notFound();
  return parseInput(schema, params);
}

/** Issue 18: institution workspaces (`/api/orgs/*`) and their staff invitations (`/api/org-invitations/*`). */
export function workspaceRoutes(router: Router, ctx: OrganizationContext): void {
  router.get(api.listMyOrganizations.path, async (req, res) => {
    const userId = requireUserId(req);
    respond(res, api.listMyOrganizations, await listMyOrganizations(ctx, userId));
  });

  router.get(api.getWorkspace.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.getWorkspace.params, req.params);
    respond(res, api.getWorkspace, await getWorkspace(ctx, callerOf(req), userId, slug));
  });

  router.patch(api.updateSettings.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.updateSettings.params, req.params);
    const changes = parseInput(api.updateSettings.body, req.body ?? {});
    respond(res, api.updateSettings, await updateSettings(ctx, callerOf(req), userId, slug, changes));
  });

  router.get(api.listMembers.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.listMembers.params, req.params);
    respond(res, api.listMembers, await listMembers(ctx, callerOf(req), userId, slug));
  });

  router.patch(api.changeMemberRole.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug, userId: memberId } = paramsOf(api.changeMemberRole.params, req.params);
    const { role } = parseInput(api.changeMemberRole.body, req.body ?? {});
    respond(
      res,
      api.changeMemberRole,
      await changeMemberRole(ctx, callerOf(req), userId, slug, memberId, role),
    );
  });

  router.delete(api.removeMember.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug, userId: memberId } = paramsOf(api.removeMember.params, req.params);
    await removeMember(ctx, callerOf(req), userId, slug, memberId);
    respond(res, api.removeMember, { success: true });
  });

  router.get(api.listInvitations.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.listInvitations.params, req.params);
    respond(res, api.listInvitations, await listInvitations(ctx, callerOf(req), userId, slug));
  });

  router.post(api.createInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.createInvitation.params, req.params);
    const input = parseInput(api.createInvitation.body, req.body ?? {});
    respond(res, api.createInvitation, await inviteMember(ctx, callerOf(req), userId, slug, input));
  });

  router.post(api.resendInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug, invitationId } = paramsOf(api.resendInvitation.params, req.params);
    respond(
      res,
      api.resendInvitation,
      await resendInvitation(ctx, callerOf(req), userId, slug, invitationId),
    );
  });

  router.delete(api.revokeInvitation.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug, invitationId } = paramsOf(api.revokeInvitation.params, req.params);
    await revokeInvitation(ctx, callerOf(req), userId, slug, invitationId);
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
    const { token } = parseInput(api.acceptInvitation.body, req.body ?? {});
    respond(res, api.acceptInvitation, await acceptInvitation(ctx, callerOf(req), userId, token));
  });

  router.get(api.listPrograms.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.listPrograms.params, req.params);
    respond(res, api.listPrograms, await listPrograms(ctx, callerOf(req), userId, slug));
  });

  router.post(api.createProgram.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.createProgram.params, req.params);
    const input = parseInput(api.createProgram.body, req.body ?? {});
    respond(res, api.createProgram, await createProgram(ctx, callerOf(req), userId, slug, input));
  });

  router.patch(api.updateProgram.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug, programId } = paramsOf(api.updateProgram.params, req.params);
    const changes = parseInput(api.updateProgram.body, req.body ?? {});
    respond(
      res,
      api.updateProgram,
      await updateProgram(ctx, callerOf(req), userId, slug, programId, changes),
    );
  });

  router.get(api.listAudit.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.listAudit.params, req.params);
    const query = parseInput(api.listAudit.query, req.query ?? {});
    respond(res, api.listAudit, await listAudit(ctx, callerOf(req), userId, slug, query));
  });

  router.get(api.exportAuditCsv.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = paramsOf(api.exportAuditCsv.params, req.params);
    const { fileName, pages } = await exportAudit(ctx, callerOf(req), userId, slug);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    // A cell starting with = + - @ tab or CR gets a leading ' (no formula injection in a spreadsheet).
    const csv = stringify({ header: true, columns: [...ORG_AUDIT_CSV_COLUMNS], escape_formulas: true });
    const write = pipeline(csv, res);
    for await (const page of pages) {
      for (const entry of page) {
        if (!csv.write(auditCsvRow(entry))) await new Promise((resolve) => csv.once('drain', resolve));
      }
    }
    csv.end();
    await write;
  });
}
