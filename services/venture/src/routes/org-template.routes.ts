import { getCorrelationId, parseInput, requireUserId, respond } from '@app/common';
import { orgTemplateApi } from '@app/contracts';
import type { Router } from 'express';
import {
  getOrgTemplate,
  getTemplateVersion,
  publishTemplate,
  saveTemplateDraft,
} from '../domain/manage-org-template.ts';
import {
  applyTemplateUpdate,
  getVentureTaskGuide,
  listVentureGuides,
  previewTemplateUpdate,
} from '../domain/venture-template.ts';
import type { VentureContext } from '../domain/venture.ts';
import { languageOf } from './language.ts';
import { callerOf } from './venture.routes.ts';

/** Issue 18: organization task templates, and ventures taking their program's version. */
export function orgTemplateRoutes(router: Router, ctx: VentureContext): void {
  const api = orgTemplateApi;

  router.get(api.getTemplate.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = parseInput(api.getTemplate.params, req.params);
    respond(res, api.getTemplate, await getOrgTemplate(ctx, callerOf(req), userId, slug));
  });

  router.put(api.saveDraft.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = parseInput(api.saveDraft.params, req.params);
    const { tasks } = parseInput(api.saveDraft.body, req.body ?? {});
    respond(res, api.saveDraft, await saveTemplateDraft(ctx, callerOf(req), userId, slug, tasks));
  });

  router.post(api.publish.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug } = parseInput(api.publish.params, req.params);
    respond(res, api.publish, await publishTemplate(ctx, callerOf(req), userId, slug));
  });

  router.get(api.getVersion.path, async (req, res) => {
    const userId = requireUserId(req);
    const { slug, version } = parseInput(api.getVersion.params, req.params);
    respond(res, api.getVersion, await getTemplateVersion(ctx, callerOf(req), userId, slug, version));
  });

  router.get(api.previewVentureUpdate.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.previewVentureUpdate.params, req.params);
    respond(res, api.previewVentureUpdate, await previewTemplateUpdate(ctx, userId, id));
  });

  router.post(api.applyVentureUpdate.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.applyVentureUpdate.params, req.params);
    const { toVersion } = parseInput(api.applyVentureUpdate.body, req.body ?? {});
    await applyTemplateUpdate(ctx, userId, id, toVersion);
    respond(res, api.applyVentureUpdate, { success: true });
  });

  router.get(api.listVentureGuides.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.listVentureGuides.params, req.params);
    const language = languageOf(req, res);
    respond(
      res,
      api.listVentureGuides,
      await listVentureGuides(ctx, getCorrelationId(req), userId, id, language),
    );
  });

  router.get(api.getVentureTaskGuide.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id, taskId } = parseInput(api.getVentureTaskGuide.params, req.params);
    respond(
      res,
      api.getVentureTaskGuide,
      await getVentureTaskGuide(ctx, getCorrelationId(req), userId, id, taskId, languageOf(req, res)),
    );
  });
}
