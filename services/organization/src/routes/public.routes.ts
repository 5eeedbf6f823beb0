import { getCorrelationId, parseInput } from '@app/common';
import type { Router } from 'express';
import { getBranding } from '../domain/get-branding.ts';
import { organizationErrors, type OrganizationContext } from '../domain/organization.ts';
import { registerMember } from '../domain/register-member.ts';
import { registerBody, slugParams } from './schemas.ts';

/**
 * Tells the gateway to open a new session for the user (the old id dies), exactly as the auth service does
 * after `/api/register`; the gateway strips the header before the answer leaves.
 */
const SESSION_ACTION_HEADER = 'x-session-action';

function slugOf(params: unknown): string {
  // A slug that could never exist is simply not found (the page shows its 404 text).
  const parsed = slugParams.safeParse(params);
  if (!parsed.success) throw organizationErrors.notFound();
  return parsed.data.slug;
}

/** The browser-facing calls (spec §7, "Public"), reached through the gateway by anonymous visitors. */
export function publicRoutes(router: Router, ctx: OrganizationContext): void {
  router.get('/api/organizations/by-slug/:slug', async (req, res) => {
    res.json(await getBranding(ctx, slugOf(req.params)));
  });

  router.post('/api/organizations/:slug/register', async (req, res) => {
    const slug = slugOf(req.params);
    const input = parseInput(registerBody, req.body ?? {});
    const user = await registerMember(ctx, getCorrelationId(req), slug, input);
    res.setHeader(SESSION_ACTION_HEADER, `open; user=${user.id}; remember=0`);
    res.status(201).json(user);
  });
}
