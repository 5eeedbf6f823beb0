import { getCorrelationId, parseInput, requireUserId, respond } from '@app/common';
import { internalRouterPath, ssoInternalApi, ssoSettingsApi } from '@app/contracts';
import type { Request, Router } from 'express';
import { organizationErrors, type Caller, type OrganizationContext } from '../domain/organization.ts';
import {
  connectionByDomain,
  connectionOf,
  deleteSso,
  getSso,
  putSso,
  recordSsoSignIn,
  testSso,
} from '../domain/sso-connection.ts';

const callerOf = (req: Request): Caller => ({ correlationId: getCorrelationId(req) });

/** A slug that could never exist is simply not found, as in every workspace call. */
function slugOf(req: Request): string {
  const parsed = ssoSettingsApi.getSso.params.safeParse(req.params);
  if (!parsed.success) throw organizationErrors.notFound();
  return parsed.data.slug;
}

/** Issue 19: an organization's SSO connection in its workspace (org admins). */
export function ssoRoutes(router: Router, ctx: OrganizationContext): void {
  const api = ssoSettingsApi;

  router.get(api.getSso.path, async (req, res) => {
    const userId = requireUserId(req);
    respond(res, api.getSso, await getSso(ctx, callerOf(req), userId, slugOf(req)));
  });

  router.put(api.putSso.path, async (req, res) => {
    const userId = requireUserId(req);
    const slug = slugOf(req);
    const input = parseInput(api.putSso.body, req.body ?? {});
    respond(res, api.putSso, await putSso(ctx, callerOf(req), userId, slug, input));
  });

  router.delete(api.deleteSso.path, async (req, res) => {
    const userId = requireUserId(req);
    await deleteSso(ctx, callerOf(req), userId, slugOf(req));
    respond(res, api.deleteSso, { success: true });
  });

  router.post(api.testSso.path, async (req, res) => {
    const userId = requireUserId(req);
    const slug = slugOf(req);
    const input = parseInput(api.testSso.body, req.body ?? {});
    respond(res, api.testSso, await testSso(ctx, callerOf(req), userId, slug, input));
  });
}

/** Issue 19: the auth service's calls (service identity only, under `/internal`). */
export function ssoInternalRoutes(router: Router, ctx: OrganizationContext): void {
  const api = ssoInternalApi;

  router.get(internalRouterPath(api.connectionByDomain), async (req, res) => {
    const { domain } = parseInput(api.connectionByDomain.query, req.query);
    respond(res, api.connectionByDomain, await connectionByDomain(ctx, domain));
  });

  router.get(internalRouterPath(api.connectionOf), async (req, res) => {
    const { organizationId } = parseInput(api.connectionOf.params, req.params);
    respond(res, api.connectionOf, await connectionOf(ctx, organizationId));
  });

  router.post(internalRouterPath(api.recordSignIn), async (req, res) => {
    const input = parseInput(api.recordSignIn.body, req.body ?? {});
    await recordSsoSignIn(ctx, callerOf(req), input);
    respond(res, api.recordSignIn, { success: true });
  });
}
