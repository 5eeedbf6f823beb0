import { parseInput } from '@app/common';
import type { Router } from 'express';
import { getVentureStats } from '../domain/get-venture-stats.ts';
import { listAllVentures } from '../domain/list-all-ventures.ts';
import {
  createTaskTemplate,
  deleteTaskTemplate,
  listTaskTemplates,
  updateTaskTemplate,
} from '../domain/manage-task-templates.ts';
import type { VentureContext } from '../domain/venture.ts';
import { createTemplateBody, templateIdParams, updateTemplateBody } from './schemas.ts';

/**
 * Calls from other services only, mounted under `/internal` (not routed by the gateway; a service identity
 * is required): the admin service's statistics, venture list and master template management.
 */
export function internalRoutes(router: Router, ctx: VentureContext): void {
  router.get('/stats', async (_req, res) => {
    res.json(await getVentureStats(ctx));
  });

  router.get('/ventures', async (_req, res) => {
    res.json(await listAllVentures(ctx));
  });

  router.get('/task-templates', async (_req, res) => {
    res.json(await listTaskTemplates(ctx));
  });

  router.post('/task-templates', async (req, res) => {
    const input = parseInput(createTemplateBody, req.body ?? {});
    res.status(201).json(await createTaskTemplate(ctx, input));
  });

  router.patch('/task-templates/:id', async (req, res) => {
    const { id } = parseInput(templateIdParams, req.params);
    const changes = parseInput(updateTemplateBody, req.body ?? {});
    res.json(await updateTaskTemplate(ctx, id, changes));
  });

  router.delete('/task-templates/:id', async (req, res) => {
    const { id } = parseInput(templateIdParams, req.params);
    await deleteTaskTemplate(ctx, id);
    res.json({ success: true });
  });
}
