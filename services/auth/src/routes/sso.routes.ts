import { parseInput, respond } from '@app/common';
import { ssoApi, SSO_ERROR_REASONS } from '@app/contracts';
import type { Request, Response, Router } from 'express';
import type { SsoSignIn } from '../domain/complete-sso.ts';
import { completeSamlSso, completeSso, keepSamlResponse } from '../domain/complete-sso.ts';
import { SsoError } from '../domain/sso.ts';
import { startSso } from '../domain/start-sso.ts';
import type { AuthContext } from '../domain/user.ts';
import { callerOf, setSessionAction } from './session-action.ts';

/** Where the browser lands after a failed SSO sign-in (a page of the web app). */
const errorPage = (reason: string) => `/auth/sso-error?reason=${encodeURIComponent(reason)}`;

/** Issue 19: single sign-on (OpenID Connect), signed out. */
export function ssoRoutes(router: Router, ctx: AuthContext): void {
  router.post(ssoApi.start.path, async (req, res) => {
    const { email } = parseInput(ssoApi.start.body, req.body ?? {});
    const { redirectUrl, flowId } = await startSso(ctx, callerOf(req), email);
    // The gateway keeps the flow id in this browser's session: only this browser can finish the sign-in.
    setSessionAction(res, { kind: 'sso-flow', flowId });
    respond(res, ssoApi.start, { redirectUrl });
  });

  router.get(ssoApi.callback.path, async (req, res) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query)) {
      if (typeof value === 'string') query.append(name, value);
    }
    const callbackUrl = new URL(`${ctx.settings.publicUrl}${ssoApi.callback.path}?${query.toString()}`);
    await finish(req, res, () => completeSso(ctx, callerOf(req), req.identity?.flow, callbackUrl));
  });

  // SAML: the identity provider's form post (cross-site, no session cookie): kept with its flow, then the
  // browser comes back with a top-level GET that carries the cookie (303: the method becomes GET).
  router.post(ssoApi.samlAcs.path, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const parsed = ssoApi.samlAcs.body.safeParse(req.body ?? {});
    if (!parsed.success) {
      req.log.warn({ reason: 'token' }, 'sso sign-in refused: not a SAML response form');
      return res.redirect(303, errorPage('token'));
    }
    try {
      await keepSamlResponse(ctx, parsed.data.RelayState, parsed.data.SAMLResponse);
    } catch (error) {
      if (!(error instanceof SsoError)) throw error;
      req.log.warn({ reason: error.reason, detail: error.message }, 'sso sign-in refused');
      return res.redirect(303, errorPage(error.reason));
    }
    res.redirect(303, ssoApi.samlComplete.path);
  });

  router.get(ssoApi.samlComplete.path, async (req, res) => {
    await finish(req, res, () => completeSamlSso(ctx, callerOf(req), req.identity?.flow));
  });
}

/** Signed in (the session opened, to `/`) or refused (the error page, no session), for both protocols. */
async function finish(req: Request, res: Response, signIn: () => Promise<SsoSignIn>): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  try {
    const done = await signIn();
    req.log.info(
      { userId: done.user.id, organizationId: done.organizationId, outcome: done.outcome },
      'sso sign-in',
    );
    // The same session a password sign-in opens (new id, cookie rules unchanged), marked as SSO.
    setSessionAction(res, {
      kind: 'open',
      userId: done.user.id,
      remember: false,
      ssoOrganizationId: done.organizationId,
    });
    res.redirect(302, '/');
  } catch (error) {
    if (!(error instanceof SsoError)) throw error;
    const reason = SSO_ERROR_REASONS.includes(error.reason) ? error.reason : 'token';
    req.log.warn({ reason, detail: error.message }, 'sso sign-in refused');
    res.redirect(302, errorPage(reason));
  }
}
