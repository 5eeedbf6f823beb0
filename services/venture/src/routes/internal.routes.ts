import { parseInput, respond } from '@app/common';
import { internalRouterPath, ventureInternalApi } from '@app/contracts';
import type { Router } from 'express';
import { getVentureStats } from '../domain/get-venture-stats.ts';
import { resetDemoVenture } from '../domain/reset-demo-venture.ts';
import { listAllVentures } from '../domain/list-all-ventures.ts';
import {
  createTaskTemplate,
  deleteTaskTemplate,
  listTaskTemplates,
  updateTaskTemplate,
} from '../domain/manage-task-templates.ts';
import { listPublishedTemplateVersions } from '../domain/manage-org-template.ts';
import { userVentureData } from '../domain/user-venture-data.ts';
import type { VentureContext } from '../domain/venture.ts';

/**
 * Calls from other services only, mounted under `/internal` (not routed by the gateway; a service identity
 * is required): the admin service's statistics, venture list (a cursor page, with member counts) and master template management, and the auth
 * service's reset of the demo account's sample venture and account export, and the organization service's
 * check of the template version a program pins.
 */
export function internalRoutes(router: Router, ctx: VentureContext): void {
  const api = ventureInternalApi;

  router.get(internalRouterPath(api.stats), async (_req, res) => {
    respond(res, api.stats, await getVentureStats(ctx));
  });

  router.get(internalRouterPath(api.listVentures), async (req, res) => {
    const page = parseInput(api.listVentures.query, req.query);
    respond(res, api.listVentures, await listAllVentures(ctx, page));
  });

  router.put(internalRouterPath(api.resetDemoVenture), async (req, res) => {
    const { owner, coFounder } = parseInput(api.resetDemoVenture.body, req.body ?? {});
    respond(res, api.resetDemoVenture, { ventureId: await resetDemoVenture(ctx, owner, coFounder) });
  });

  // Issue 17: the auth service's account export.
  router.get(internalRouterPath(api.userVentureData), async (req, res) => {
    const { id } = parseInput(api.userVentureData.params, req.params);
    respond(res, api.userVentureData, await userVentureData(ctx, id));
  });

  // Issue 18: the organization service checks that a program pins a published version.
  router.get(internalRouterPath(api.listTemplateVersions), async (req, res) => {
    const { id } = parseInput(api.listTemplateVersions.params, req.params);
    respond(res, api.listTemplateVersions, await listPublishedTemplateVersions(ctx, id));
  });

  router.get(internalRouterPath(api.listTemplates), async (_req, res) => {
    respond(res, api.listTemplates, await listTaskTemplates(ctx));
  });

  router.post(internalRouterPath(api.createTemplate), async (req, res) => {
    const input = parseInput(api.createTemplate.body, req.body ?? {});
    respond(res, api.createTemplate, await createTaskTemplate(ctx, input));
  });

  router.patch(internalRouterPath(api.updateTemplate), async (req, res) => {
    const { id } = parseInput(api.updateTemplate.params, req.params);
    const changes = parseInput(api.updateTemplate.body, req.body ?? {});
    respond(res, api.updateTemplate, await updateTaskTemplate(ctx, id, changes));
  });

  router.delete(internalRouterPath(api.deleteTemplate), async (req, res) => {
    const { id } = parseInput(api.deleteTemplate.params, req.params);
    await deleteTaskTemplate(ctx, id);
    respond(res, api.deleteTemplate, { success: true });
  });
}
