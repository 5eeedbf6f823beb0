import { parseInput, respond } from '@app/common';
import { ssoApi, SSO_ERROR_REASONS } from '@app/contracts';
import type { Router } from 'express';
import { completeSso } from '../domain/complete-sso.ts';
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
    try {
      const signIn = await completeSso(ctx, callerOf(req), req.identity?.flow, callbackUrl);
      req.log.info(
        { userId: signIn.user.id, organizationId: signIn.organizationId, outcome: signIn.outcome },
        'sso sign-in',
      );
      // The same session a password sign-in opens (new id, cookie rules unchanged), marked as SSO.
      setSessionAction(res, {
        kind: 'open',
        userId: signIn.user.id,
        remember: false,
        ssoOrganizationId: signIn.organizationId,
      });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, '/');
    } catch (error) {
      if (!(error instanceof SsoError)) throw error;
      const reason = SSO_ERROR_REASONS.includes(error.reason) ? error.reason : 'token';
      req.log.warn({ reason, detail: error.message }, 'sso sign-in refused');
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, errorPage(reason));
    }
  });
}
