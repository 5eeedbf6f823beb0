import type { ErrorRequestHandler, Request, Response } from 'express';
import { getCorrelationId } from '@app/common';
import {
  formatSessionAction,
  languageFromAcceptLanguage,
  SESSION_ACTION_HEADER,
  type SessionAction,
} from '@app/contracts';
import type { Caller } from '../domain/user.ts';

/**
 * Tells the gateway what to do with the browser's session (the gateway owns it and strips the header before
 * the answer leaves). The grammar is the contracts' `SessionAction`.
 */
export function setSessionAction(res: Response, action: SessionAction): void {
  res.setHeader(SESSION_ACTION_HEADER, formatSessionAction(action));
}

/** A session naming a user who was deleted or deactivated is closed, whichever call noticed it. */
export const closeEndedSessions: ErrorRequestHandler = (err, _req, res, next) => {
  if ((err as { code?: string } | null)?.code === 'AUTH.SESSION_ENDED' && !res.headersSent)
    setSessionAction(res, { kind: 'close' });
  next(err);
};

export function callerOf(req: Request): Caller {
  const sessionId = req.identity?.sid;
  return {
    correlationId: getCorrelationId(req),
    ...(sessionId ? { sessionId } : {}),
    acceptLanguage: languageFromAcceptLanguage(req.get('accept-language')),
  };
}
