import { parseInput } from '@app/common';
import type { Router } from 'express';
import { deleteUser } from '../domain/delete-user.ts';
import { getUserStats } from '../domain/get-user-stats.ts';
import { getUser } from '../domain/get-user.ts';
import { listUsers } from '../domain/list-users.ts';
import { registerUser } from '../domain/register-user.ts';
import { updateUser } from '../domain/update-user.ts';
import type { AuthContext } from '../domain/user.ts';
import { createUserBody, updateUserBody, userIdParams } from './schemas.ts';
import { callerOf } from './session-action.ts';

/**
 * Calls from other services only, mounted under `/internal` (not routed by the gateway; a service
 * identity is required): the admin service manages users through them, the organization service registers users.
 */
export function internalUserRoutes(router: Router, ctx: AuthContext): void {
  router.get('/users/stats', async (_req, res) => {
    res.json(await getUserStats(ctx));
  });

  router.get('/users', async (_req, res) => {
    res.json(await listUsers(ctx));
  });

  router.post('/users', async (req, res) => {
    const input = parseInput(createUserBody, req.body ?? {});
    res.status(201).json(await registerUser(ctx, callerOf(req), input));
  });

  router.get('/users/:id', async (req, res) => {
    const { id } = parseInput(userIdParams, req.params);
    res.json(await getUser(ctx, id));
  });

  router.patch('/users/:id', async (req, res) => {
    const { id } = parseInput(userIdParams, req.params);
    const changes = parseInput(updateUserBody, req.body ?? {});
    res.json(await updateUser(ctx, callerOf(req), id, changes));
  });

  router.delete('/users/:id', async (req, res) => {
    const { id } = parseInput(userIdParams, req.params);
    await deleteUser(ctx, callerOf(req), id);
    res.json({ success: true });
  });
}
