import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { parseSessionAction, SESSION_ACTION_HEADER, type SessionAction } from '@app/contracts';
import { SESSION_COOKIE, type Sessions } from './session.ts';

/*
 * The session actions services ask for in an answer's `x-session-action` header (the grammar is the
 * contracts' `SessionAction`): the gateway owns the session, so it acts on them before the answer leaves,
 * and the header never reaches the browser.
 */

/** The action an upstream answer asks for (null when none, or a malformed one); removes the header. */
export function takeSessionAction(headers: IncomingHttpHeaders): SessionAction | null {
  const action = parseSessionAction(headers[SESSION_ACTION_HEADER]);
  delete headers[SESSION_ACTION_HEADER];
  return action;
}

export async function applySessionAction(
  sessions: Sessions,
  req: Request,
  res: Response,
  action: SessionAction,
): Promise<void> {
  const userId = req.session?.userId;
  switch (action.kind) {
    case 'open':
      await sessions.open(req, res, action.userId, action.remember, action.ssoOrganizationId);
      return;
    case 'sso-flow':
      await sessions.bindSsoFlow(req, res, action.flowId);
      return;
    case 'close':
      await sessions.close(req);
      res.clearCookie(SESSION_COOKIE, sessions.cookieOptions);
      return;
    case 'revoke-others':
      if (userId) await sessions.registry.revokeUser(userId, req.sessionID);
      return;
    case 'close-all':
      await sessions.close(req);
      res.clearCookie(SESSION_COOKIE, sessions.cookieOptions);
      if (userId) await sessions.registry.revokeUser(userId);
      return;
    case 'revoke-user':
      // Another user's sessions end (an administrator deactivated or deleted them).
      await sessions.registry.revokeUser(action.userId);
      return;
  }
}
