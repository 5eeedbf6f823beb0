import { AppError, parseInput, requireUserId, respond } from '@app/common';
import {
  accountExportApi,
  authApi,
  FORGOT_PASSWORD_MESSAGE,
  notificationApi,
  PASSWORD_UPDATED_MESSAGE,
} from '@app/contracts';
import type { Router } from 'express';
import type { VentureDataSource } from '../clients/venture-data.ts';
import { changePassword } from '../domain/change-password.ts';
import { deleteAccount } from '../domain/delete-account.ts';
import { exportAccount } from '../domain/export-account.ts';
import { getCurrentUser, getSession } from '../domain/get-current-user.ts';
import { getNotificationPreferences } from '../domain/get-notification-preferences.ts';
import { unsubscribe } from '../domain/unsubscribe.ts';
import { updateLanguage } from '../domain/update-language.ts';
import { updateNotificationPreferences } from '../domain/update-notification-preferences.ts';
import { logIn } from '../domain/log-in.ts';
import { endSessionUrlOf } from '../domain/end-sso-session.ts';
import { registerUser } from '../domain/register-user.ts';
import { requestPasswordReset } from '../domain/request-password-reset.ts';
import { resetPassword } from '../domain/reset-password.ts';
import { updateProfile } from '../domain/update-profile.ts';
import type { AuthContext } from '../domain/user.ts';
import { callerOf, closeEndedSessions, setSessionAction } from './session-action.ts';

/** The browser-facing calls (spec §7, "Session and account"), reached through the gateway. */
export function accountRoutes(router: Router, ctx: AuthContext, ventures: VentureDataSource): void {
  const api = authApi;

  router.get(api.getUser.path, async (req, res) => {
    if (!req.identity?.sub) throw AppError.unauthorized();
    respond(res, api.getUser, await getCurrentUser(ctx, req.identity.sub));
  });

  router.get(api.getSession.path, async (req, res) => {
    const { user, ended } = await getSession(ctx, req.identity?.sub);
    if (ended) setSessionAction(res, { kind: 'close' });
    respond(res, api.getSession, { user });
  });

  router.post(api.login.path, async (req, res) => {
    const { rememberMe, ...credentials } = parseInput(api.login.body, req.body ?? {});
    const user = await logIn(ctx, credentials, callerOf(req).correlationId);
    setSessionAction(res, { kind: 'open', userId: user.id, remember: rememberMe === true });
    respond(res, api.login, user);
  });

  router.post(api.register.path, async (req, res) => {
    const input = parseInput(api.register.body, req.body ?? {});
    const user = await registerUser(ctx, callerOf(req), input);
    setSessionAction(res, { kind: 'open', userId: user.id, remember: false });
    respond(res, api.register, user);
  });

  router.post(api.logout.path, async (req, res) => {
    // Issue 19: after an SSO sign-in, the provider's end-session URL is offered (never required: the
    // platform session ends either way).
    const endSessionUrl = req.identity?.sso
      ? await endSessionUrlOf(ctx, req.identity.sso, callerOf(req).correlationId).catch((err: unknown) => {
          req.log.warn({ err }, 'the provider end-session URL could not be found');
          return null;
        })
      : null;
    setSessionAction(res, { kind: 'close' });
    respond(res, api.logout, { success: true, ...(endSessionUrl ? { endSessionUrl } : {}) });
  });

  router.patch(api.updateProfile.path, async (req, res) => {
    const userId = requireUserId(req);
    const changes = parseInput(api.updateProfile.body, req.body ?? {});
    respond(res, api.updateProfile, await updateProfile(ctx, userId, changes));
  });

  router.patch(api.updateLanguage.path, async (req, res) => {
    const userId = requireUserId(req);
    const { language } = parseInput(api.updateLanguage.body, req.body ?? {});
    respond(res, api.updateLanguage, await updateLanguage(ctx, callerOf(req), userId, language));
  });

  router.post(api.changePassword.path, async (req, res) => {
    const userId = requireUserId(req);
    const input = parseInput(api.changePassword.body, req.body ?? {});
    await changePassword(ctx, callerOf(req), userId, input);
    setSessionAction(res, { kind: 'revoke-others' });
    respond(res, api.changePassword, { success: true, message: PASSWORD_UPDATED_MESSAGE });
  });

  router.delete(api.deleteAccount.path, async (req, res) => {
    const userId = requireUserId(req);
    const { password } = parseInput(api.deleteAccount.body, req.body ?? {});
    await deleteAccount(ctx, callerOf(req), userId, password);
    setSessionAction(res, { kind: 'close-all' });
    respond(res, api.deleteAccount, { success: true });
  });

  router.post(api.forgotPassword.path, async (req, res) => {
    const input = parseInput(api.forgotPassword.body, req.body ?? {});
    // Answered before any lookup, so a registered address and an unknown one take the same time; the token
    // and its event are written afterwards (a failure then is logged: the user may simply ask again).
    respond(res, api.forgotPassword, { success: true, message: FORGOT_PASSWORD_MESSAGE });
    await requestPasswordReset(ctx, callerOf(req), input).catch((err: unknown) =>
      req.log.error({ err }, 'password reset request failed after the answer'),
    );
  });

  router.post(api.resetPassword.path, async (req, res) => {
    const input = parseInput(api.resetPassword.body, req.body ?? {});
    const { userId } = await resetPassword(ctx, callerOf(req), input);
    // Every session of the user ends before the answer leaves, not only when the event arrives (the broker
    // may be down meanwhile); the event still covers the other gateway instances' registries.
    setSessionAction(res, { kind: 'revoke-user', userId });
    respond(res, api.resetPassword, { success: true });
  });

  // Issue 17: the account export (right to data portability), as a download.
  router.get(accountExportApi.exportAccount.path, async (req, res) => {
    const userId = requireUserId(req);
    const { archive, fileName } = await exportAccount(ctx, ventures, callerOf(req), userId);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    respond(res, accountExportApi.exportAccount, archive);
  });

  router.get(notificationApi.getPreferences.path, async (req, res) => {
    const userId = requireUserId(req);
    respond(res, notificationApi.getPreferences, await getNotificationPreferences(ctx, userId));
  });

  router.patch(notificationApi.updatePreferences.path, async (req, res) => {
    const userId = requireUserId(req);
    const changes = parseInput(notificationApi.updatePreferences.body, req.body ?? {});
    respond(
      res,
      notificationApi.updatePreferences,
      await updateNotificationPreferences(ctx, callerOf(req), userId, changes),
    );
  });

  // Signed out (RFC 8058 one-click from a mail provider, or the web's unsubscribe page): the token in the
  // query is the authority; the body (form-encoded `List-Unsubscribe=One-Click`, `{}` or none) is ignored.
  router.post(notificationApi.unsubscribe.path, async (req, res) => {
    const { token } = parseInput(notificationApi.unsubscribe.query, req.query ?? {});
    const outcome = await unsubscribe(ctx, callerOf(req), token);
    respond(res, notificationApi.unsubscribe, { success: true, ...outcome });
  });

  router.use(closeEndedSessions);
}
