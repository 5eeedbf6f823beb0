import { AppError, requireUserId, respond } from '@app/common';
import { internalRouterPath, whiteLabelApi, whiteLabelInternalApi } from '@app/contracts';
import type { Router } from 'express';
import type { OrganizationContext } from '../domain/organization.ts';
import { getMyBrand, organizationByHost } from '../domain/white-label.ts';

/** Issue 19: the signed-in member's brand (through the gateway). */
export function whiteLabelRoutes(router: Router, ctx: OrganizationContext): void {
  router.get(whiteLabelApi.myBrand.path, async (req, res) => {
    const userId = requireUserId(req);
    respond(res, whiteLabelApi.myBrand, await getMyBrand(ctx, userId));
  });
}

/** Issue 19: the gateway's custom-domain lookup (`/internal`, a service identity required). */
export function whiteLabelInternalRoutes(router: Router, ctx: OrganizationContext): void {
  const route = whiteLabelInternalApi.byHost;
  router.get(internalRouterPath(route), async (req, res) => {
    // A host that could never be a custom domain is simply not one (404, like an unknown one).
    const parsed = route.params.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound('Organization not found', 'ORGANIZATION.NOT_FOUND');
    respond(res, route, await organizationByHost(ctx, parsed.data.host));
  });
}
