import { getCorrelationId, parseInput } from '@app/common';
import type { Router } from 'express';
import { createOrganization } from '../domain/create-organization.ts';
import { deleteOrganization } from '../domain/delete-organization.ts';
import { getOrganization } from '../domain/get-organization.ts';
import { listOrganizations } from '../domain/list-organizations.ts';
import type { OrganizationContext } from '../domain/organization.ts';
import { updateOrganization } from '../domain/update-organization.ts';
import { createOrganizationBody, idParams, updateOrganizationBody } from './schemas.ts';

/**
 * Calls from other services only, mounted under `/internal` (a service identity is required): the admin
 * service manages organizations through them.
 */
export function internalRoutes(router: Router, ctx: OrganizationContext): void {
  router.get('/organizations', async (req, res) => {
    res.json(await listOrganizations(ctx, getCorrelationId(req)));
  });

  router.post('/organizations', async (req, res) => {
    const input = parseInput(createOrganizationBody, req.body ?? {});
    res.status(201).json(await createOrganization(ctx, input));
  });

  router.get('/organizations/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    res.json(await getOrganization(ctx, getCorrelationId(req), id));
  });

  router.patch('/organizations/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const changes = parseInput(updateOrganizationBody, req.body ?? {});
    res.json(await updateOrganization(ctx, id, changes));
  });

  router.delete('/organizations/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    await deleteOrganization(ctx, getCorrelationId(req), id);
    res.json({ success: true });
  });
}
