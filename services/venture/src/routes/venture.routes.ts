import { AppError, getCorrelationId, parseInput, requireUserId, respond } from '@app/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, ventureApi } from '@app/contracts';
import type { Request, Router } from 'express';
import { changeTaskStatus } from '../domain/change-task-status.ts';
import { createVenture } from '../domain/create-venture.ts';
import { deleteVenture } from '../domain/delete-venture.ts';
import { getVenture } from '../domain/get-venture.ts';
import { listVentures } from '../domain/list-ventures.ts';
import { ventureIn, withTaskIn } from '../domain/task-language.ts';
import { updateVenture } from '../domain/update-venture.ts';
import type { Caller, VentureContext } from '../domain/venture.ts';
import { languageOf } from './language.ts';

export function callerOf(req: Request): Caller {
  return { correlationId: getCorrelationId(req) };
}

/** The browser-facing venture calls (spec §7, "Ventures"), reached through the gateway. */
export function ventureRoutes(router: Router, ctx: VentureContext): void {
  const api = ventureApi;

  router.get(api.listVentures.path, async (req, res) => {
    respond(res, api.listVentures, await listVentures(ctx, requireUserId(req)));
  });

  router.post(api.createVenture.path, async (req, res) => {
    const userId = requireUserId(req);
    const input = parseInput(api.createVenture.body, req.body ?? {});
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw AppError.badRequest('Idempotency-Key must be 1-100 letters, digits, - or _');
    }
    const created = await createVenture(ctx, callerOf(req), userId, input, key);
    respond(res, api.createVenture, ventureIn(languageOf(req, res), created));
  });

  router.get(api.getVenture.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.getVenture.params, req.params);
    const venture = await getVenture(ctx, userId, id, getCorrelationId(req));
    respond(res, api.getVenture, ventureIn(languageOf(req, res), venture));
  });

  router.patch(api.updateVenture.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.updateVenture.params, req.params);
    const changes = parseInput(api.updateVenture.body, req.body ?? {});
    respond(
      res,
      api.updateVenture,
      ventureIn(languageOf(req, res), await updateVenture(ctx, userId, id, changes)),
    );
  });

  router.delete(api.deleteVenture.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.deleteVenture.params, req.params);
    await deleteVenture(ctx, callerOf(req), userId, id);
    respond(res, api.deleteVenture, { success: true });
  });

  router.patch(api.changeTaskStatus.path, async (req, res) => {
    const userId = requireUserId(req);
    const { id } = parseInput(api.changeTaskStatus.params, req.params);
    const { status } = parseInput(api.changeTaskStatus.body, req.body ?? {});
    const changed = await changeTaskStatus(ctx, callerOf(req), userId, id, status);
    respond(res, api.changeTaskStatus, withTaskIn(languageOf(req, res), changed));
  });
}
