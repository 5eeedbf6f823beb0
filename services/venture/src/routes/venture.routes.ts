import { getCorrelationId, parseInput, requireUserId } from '@app/common';
import type { Request, Router } from 'express';
import { changeTaskStatus } from '../domain/change-task-status.ts';
import { createVenture } from '../domain/create-venture.ts';
import { deleteVenture } from '../domain/delete-venture.ts';
import { getVenture } from '../domain/get-venture.ts';
import { listVentures } from '../domain/list-ventures.ts';
import { updateVenture } from '../domain/update-venture.ts';
import type { Caller, VentureContext } from '../domain/venture.ts';
import {
  changeTaskStatusBody,
  createVentureBody,
  taskIdParams,
  updateVentureBody,
  ventureIdParams,
} from './schemas.ts';

export function callerOf(req: Request): Caller {
  return { correlationId: getCorrelationId(req) };
}

/** The browser-facing venture calls (spec §7, "Ventures"), reached through the gateway. */
export function ventureRoutes(router: Router, ctx: VentureContext): void {
  router.get('/api/ventures', async (req, res) => {
    res.json(await listVentures(ctx, requireUserId(req)));
  });

  router.post('/api/ventures', async (req, res) => {
    const userId = requireUserId(req);
    const input = parseInput(createVentureBody, req.body ?? {});
    res.status(201).json(await createVenture(ctx, callerOf(req), userId, input));
  });

  router.get('/api/ventures/:id', async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(ventureIdParams, req.params);
    res.json(await getVenture(ctx, userId, id));
  });

  router.patch('/api/ventures/:id', async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(ventureIdParams, req.params);
    const changes = parseInput(updateVentureBody, req.body ?? {});
    res.json(await updateVenture(ctx, userId, id, changes));
  });

  router.delete('/api/ventures/:id', async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(ventureIdParams, req.params);
    await deleteVenture(ctx, callerOf(req), userId, id);
    res.json({ success: true });
  });

  router.patch('/api/venture-tasks/:id', async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(taskIdParams, req.params);
    const { status } = parseInput(changeTaskStatusBody, req.body ?? {});
    res.json(await changeTaskStatus(ctx, callerOf(req), userId, id, status));
  });
}
