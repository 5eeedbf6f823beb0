import { parseInput, respond } from '@app/common';
import { authInternalApi, internalRouterPath } from '@app/contracts';
import type { Router } from 'express';
import { deleteUser } from '../domain/delete-user.ts';
import { getDemoAccount } from '../domain/get-demo-account.ts';
import { countOrganizationUsers, getUserStats } from '../domain/get-user-stats.ts';
import { getUser } from '../domain/get-user.ts';
import { listUsers } from '../domain/list-users.ts';
import { registerUser } from '../domain/register-user.ts';
import { updateUser } from '../domain/update-user.ts';
import type { AuthContext } from '../domain/user.ts';
import { callerOf } from './session-action.ts';

/**
 * Calls from other services only, mounted under `/internal` (not routed by the gateway; a service
 * identity is required): the admin service manages users through them, the organization service registers users.
 */
export function internalUserRoutes(router: Router, ctx: AuthContext): void {
  const api = authInternalApi;

  router.get(internalRouterPath(api.getDemoAccount), async (_req, res) => {
    respond(res, api.getDemoAccount, await getDemoAccount(ctx));
  });

  router.get(internalRouterPath(api.userStats), async (_req, res) => {
    respond(res, api.userStats, await getUserStats(ctx));
  });

  router.get(internalRouterPath(api.listUsers), async (req, res) => {
    const page = parseInput(api.listUsers.query, req.query);
    respond(res, api.listUsers, await listUsers(ctx, page));
  });

  router.get(internalRouterPath(api.organizationUserCounts), async (req, res) => {
    const { organizationIds } = parseInput(api.organizationUserCounts.query, req.query);
    respond(res, api.organizationUserCounts, await countOrganizationUsers(ctx, organizationIds));
  });

  router.post(internalRouterPath(api.createUser), async (req, res) => {
    const input = parseInput(api.createUser.body, req.body ?? {});
    respond(res, api.createUser, await registerUser(ctx, callerOf(req), input));
  });

  router.get(internalRouterPath(api.getUser), async (req, res) => {
    const { id } = parseInput(api.getUser.params, req.params);
    respond(res, api.getUser, await getUser(ctx, id));
  });

  router.patch(internalRouterPath(api.updateUser), async (req, res) => {
    const { id } = parseInput(api.updateUser.params, req.params);
    const changes = parseInput(api.updateUser.body, req.body ?? {});
    respond(res, api.updateUser, await updateUser(ctx, callerOf(req), id, changes));
  });

  router.delete(internalRouterPath(api.deleteUser), async (req, res) => {
    const { id } = parseInput(api.deleteUser.params, req.params);
    await deleteUser(ctx, callerOf(req), id);
    respond(res, api.deleteUser, { success: true });
  });
}
