import { AppError, parseInput, requireUserId } from '@app/common';
import type { Router } from 'express';
import { changePassword } from '../domain/change-password.ts';
import { deleteAccount } from '../domain/delete-account.ts';
import { getCurrentUser } from '../domain/get-current-user.ts';
import { logIn } from '../domain/log-in.ts';
import { registerUser } from '../domain/register-user.ts';
import { requestPasswordReset } from '../domain/request-password-reset.ts';
import { resetPassword } from '../domain/reset-password.ts';
import { updateProfile } from '../domain/update-profile.ts';
import type { AuthContext } from '../domain/user.ts';
import {
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
} from './schemas.ts';
import { callerOf, closeEndedSessions, sessionAction } from './session-action.ts';

export const FORGOT_PASSWORD_ANSWER = {
  success: true,
  message: 'If an account exists for that address, a reset link is on its way.',
} as const;

/** The browser-facing calls (spec §7, "Session and account"), reached through the gateway. */
export function accountRoutes(router: Router, ctx: AuthContext): void {
  router.get('/api/user', async (req, res) => {
    if (!req.identity?.sub) throw AppError.unauthorized();
    res.json(await getCurrentUser(ctx, req.identity.sub));
  });

  router.post('/api/login', async (req, res) => {
    const { rememberMe, ...credentials } = parseInput(loginBody, req.body ?? {});
    const user = await logIn(ctx, credentials);
    sessionAction.open(res, user.id, rememberMe === true);
    res.json(user);
  });

  router.post('/api/register', async (req, res) => {
    const input = parseInput(registerBody, req.body ?? {});
    const user = await registerUser(ctx, callerOf(req), input);
    sessionAction.open(res, user.id, false);
    res.status(201).json(user);
  });

  router.post('/api/logout', (_req, res) => {
    sessionAction.close(res);
    res.json({ success: true });
  });

  router.patch('/api/user/profile', async (req, res) => {
    const userId = requireUserId(req);
    const changes = parseInput(profileBody, req.body ?? {});
    res.json(await updateProfile(ctx, userId, changes));
  });

  router.post('/api/user/change-password', async (req, res) => {
    const userId = requireUserId(req);
    const input = parseInput(changePasswordBody, req.body ?? {});
    await changePassword(ctx, callerOf(req), userId, input);
    sessionAction.revokeOthers(res);
    res.json({ success: true, message: 'Password updated' });
  });

  router.delete('/api/user/account', async (req, res) => {
    const userId = requireUserId(req);
    const { password } = parseInput(deleteAccountBody, req.body ?? {});
    await deleteAccount(ctx, callerOf(req), userId, password);
    sessionAction.closeAll(res);
    res.json({ success: true });
  });

  router.post('/api/forgot-password', async (req, res) => {
    const input = parseInput(forgotPasswordBody, req.body ?? {});
    await requestPasswordReset(ctx, callerOf(req), input);
    res.json(FORGOT_PASSWORD_ANSWER);
  });

  router.post('/api/reset-password', async (req, res) => {
    const input = parseInput(resetPasswordBody, req.body ?? {});
    await resetPassword(ctx, callerOf(req), input);
    res.json({ success: true });
  });

  router.use(closeEndedSessions);
}
