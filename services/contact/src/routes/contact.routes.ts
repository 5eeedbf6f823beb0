import { AppError, getCorrelationId, parseInput, respond, type ErrorBody } from '@app/common';
import {
  CONTACT_SUCCESS_MESSAGE,
  contactApi,
  type ContactErrorReply,
  contactInternalApi,
  internalRouterPath,
  languageFromAcceptLanguage,
} from '@app/contracts';
import type { Request, RequestHandler, Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { ContactContext } from '../domain/contact-message.ts';
import { listContactMessages } from '../domain/list-contact-messages.ts';
import { submitContactMessage } from '../domain/submit-contact-message.ts';

export interface ContactLimits {
  perClient: number;
  windowMs: number;
}

/**
 * Per client address as the gateway saw it (the signed identity's `ip`; services never read
 * X-Forwarded-For). Only accepted messages count, so a visitor fixing a typo is never locked out. The
 * counters live in this process (a second replica has its own).
 */
function contactRateLimit(limits: ContactLimits): RequestHandler {
  return rateLimit({
    windowMs: limits.windowMs,
    limit: limits.perClient,
    skipFailedRequests: true,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.identity?.ip || 'unknown'),
    // The key is not req.ip (services sit behind the gateway): the proxy checks do not apply.
    validate: { trustProxy: false, xForwardedForHeader: false, ip: false, keyGeneratorIpFallback: false },
    handler: (_req, _res, next, options) => {
      const retryAfter = String(Math.ceil(options.windowMs / 1000));
      next(
        new AppError('CONTACT.RATE_LIMITED', 429, 'Too many messages sent. Please try again later.', {
          headers: { 'Retry-After': retryAfter },
        }),
      );
    },
  });
}

/**
 * The spec's reply shape for this call, `{ success, message }`, for its errors too (`validationErrors` on
 * 400): every error answered on `/api/contact`, malformed bodies and 5xx included, carries `success: false`.
 */
export function contactErrorBody(req: Request, body: ErrorBody): ErrorBody | ContactErrorReply {
  return req.path === contactApi.send.path ? { success: false, ...body } : body;
}

/** `POST /api/contact`: anyone (visitors included) may write; every message is stored. */
export function contactRoutes(router: Router, ctx: ContactContext, limits: ContactLimits): void {
  router.post(contactApi.send.path, contactRateLimit(limits), async (req, res) => {
    const input = parseInput(contactApi.send.body, req.body ?? {});
    await submitContactMessage(
      ctx,
      {
        userId: req.identity?.sub ?? null,
        clientIp: req.identity?.ip || null,
        correlationId: getCorrelationId(req),
        language: languageFromAcceptLanguage(req.headers['accept-language']),
      },
      input,
    );
    respond(res, contactApi.send, { success: true, message: CONTACT_SUCCESS_MESSAGE });
  });
}

/** For the admin service (mounted under `/internal`, service callers only). */
export function internalContactRoutes(router: Router, ctx: ContactContext): void {
  const route = contactInternalApi.listMessages;
  router.get(internalRouterPath(route), async (req, res) => {
    const page = parseInput(route.query, req.query);
    respond(res, route, await listContactMessages(ctx, page));
  });
}
