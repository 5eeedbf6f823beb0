import type { ErrorRequestHandler, Request, Response } from 'express';
import { getCorrelationId } from '@app/common';
import type { Caller } from '../domain/user.ts';

/**
 * How the auth service tells the gateway what to do with the browser's session (the gateway owns it and
 * strips this header before the answer leaves):
 * - `open; user=<id>; remember=<0|1>`: a new session id for this user (the old id dies); remember=1 → 30 days.
 * - `close`: destroy this session.
 * - `revoke-others`: end the user's other sessions, keep this one.
 * - `close-all`: end this session and all others of the user.
 */
export const SESSION_ACTION_HEADER = 'x-session-action';

export const sessionAction = {
  open: (res: Response, userId: string, remember: boolean): void => {
    res.setHeader(SESSION_ACTION_HEADER, `open; user=${userId}; remember=${remember ? 1 : 0}`);
  },
  close: (res: Response): void => {
    res.setHeader(SESSION_ACTION_HEADER, 'close');
  },
  revokeOthers: (res: Response): void => {
    res.setHeader(SESSION_ACTION_HEADER, 'revoke-others');
  },
  closeAll: (res: Response): void => {
    res.setHeader(SESSION_ACTION_HEADER, 'close-all');
  },
};

/** A session naming a user who was deleted or deactivated is closed, whichever call noticed it. */
export const closeEndedSessions: ErrorRequestHandler = (err, _req, res, next) => {
  if ((err as { code?: string } | null)?.code === 'AUTH.SESSION_ENDED' && !res.headersSent)
    sessionAction.close(res);
  next(err);
};

export function callerOf(req: Request): Caller {
  const sessionId = req.identity?.sid;
  return { correlationId: getCorrelationId(req), ...(sessionId ? { sessionId } : {}) };
}
