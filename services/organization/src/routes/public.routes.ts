import { getCorrelationId, parseInput, respond } from '@app/common';
import {
  formatSessionAction,
  languageFromAcceptLanguage,
  organizationApi,
  SESSION_ACTION_HEADER,
} from '@app/contracts';
import type { Router } from 'express';
import { getBranding } from '../domain/get-branding.ts';
import { organizationErrors, type OrganizationContext } from '../domain/organization.ts';
import { registerMember } from '../domain/register-member.ts';

function slugOf(params: unknown): string {
  // A slug that could never exist is simply not found (the page shows its 404 text).
  const parsed = organizationApi.getBranding.params.safeParse(params);
  if (!parsed.success) throw organizationErrors.notFound();
  return parsed.data.slug;
}

/** The browser-facing calls (spec §7, "Public"), reached through the gateway by anonymous visitors. */
export function publicRoutes(router: Router, ctx: OrganizationContext): void {
  const api = organizationApi;

  router.get(api.getBranding.path, async (req, res) => {
    respond(res, api.getBranding, await getBranding(ctx, slugOf(req.params)));
  });

  router.post(api.register.path, async (req, res) => {
    const slug = slugOf(req.params);
    const input = parseInput(api.register.body, req.body ?? {});
    // Issue 21: the account reads and gets its e-mails in the visitor's language.
    const language = input.language ?? languageFromAcceptLanguage(req.headers['accept-language']);
    const user = await registerMember(ctx, { correlationId: getCorrelationId(req) }, slug, {
      ...input,
      language,
    });
    // The gateway opens a new session for the user (the old id dies), exactly as after `/api/register`.
    res.setHeader(
      SESSION_ACTION_HEADER,
      formatSessionAction({ kind: 'open', userId: user.id, remember: false }),
    );
    respond(res, api.register, user);
  });
}
