import { getCorrelationId, parseInput, respond } from '@app/common';
import { internalRouterPath, organizationInternalApi, workspaceInternalApi } from '@app/contracts';
import type { Request, Router } from 'express';
import { createOrganization } from '../domain/create-organization.ts';
import { deleteOrganization } from '../domain/delete-organization.ts';
import { getOrganization } from '../domain/get-organization.ts';
import { listOrganizations, organizationNames } from '../domain/list-organizations.ts';
import { listReadModel } from '../domain/list-read-model.ts';
import type { Caller, OrganizationContext } from '../domain/organization.ts';
import { updateOrganization } from '../domain/update-organization.ts';

const callerOf = (req: Request): Caller => ({ correlationId: getCorrelationId(req) });

/**
 * Calls from other services only, mounted under `/internal` (a service identity is required): the admin
 * service manages organizations through them.
 */
export function internalRoutes(router: Router, ctx: OrganizationContext): void {
  const api = organizationInternalApi;

  // Issue 18: before `/:id`, which would take `read-model` for an id (and answer 400).
  router.get(internalRouterPath(workspaceInternalApi.listOrganizations), async (_req, res) => {
    respond(res, workspaceInternalApi.listOrganizations, await listReadModel(ctx));
  });

  router.get(internalRouterPath(api.list), async (req, res) => {
    const page = parseInput(api.list.query, req.query);
    respond(res, api.list, await listOrganizations(ctx, page));
  });

  router.get(internalRouterPath(api.names), async (req, res) => {
    const { ids } = parseInput(api.names.query, req.query);
    respond(res, api.names, await organizationNames(ctx, ids));
  });

  router.post(internalRouterPath(api.create), async (req, res) => {
    const input = parseInput(api.create.body, req.body ?? {});
    respond(res, api.create, await createOrganization(ctx, callerOf(req), input));
  });

  router.get(internalRouterPath(api.get), async (req, res) => {
    const { id } = parseInput(api.get.params, req.params);
    respond(res, api.get, await getOrganization(ctx, getCorrelationId(req), id));
  });

  router.patch(internalRouterPath(api.update), async (req, res) => {
    const { id } = parseInput(api.update.params, req.params);
    const changes = parseInput(api.update.body, req.body ?? {});
    respond(res, api.update, await updateOrganization(ctx, callerOf(req), id, changes));
  });

  router.delete(internalRouterPath(api.remove), async (req, res) => {
    const { id } = parseInput(api.remove.params, req.params);
    await deleteOrganization(ctx, callerOf(req), id);
    respond(res, api.remove, { success: true });
  });
}
