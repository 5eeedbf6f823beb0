import { AppError, getCorrelationId, parseInput, type ErrorBody } from '@app/common';
import type { Request, RequestHandler, Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { ContactContext } from '../domain/contact-message.ts';
import { listContactMessages } from '../domain/list-contact-messages.ts';
import { submitContactMessage } from '../domain/submit-contact-message.ts';
import { contactBody, listQuery } from './schemas.ts';

export const CONTACT_SUCCESS_MESSAGE =
  "Thank you for your message! We'll get back to you as soon as possible.";

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
export function contactErrorBody(req: Request, body: ErrorBody): object {
  return req.path === '/api/contact' ? { success: false, ...body } : body;
}

/** `POST /api/contact`: anyone (visitors included) may write; every message is stored. */
export function contactRoutes(router: Router, ctx: ContactContext, limits: ContactLimits): void {
  router.post('/api/contact', contactRateLimit(limits), async (req, res) => {
    const input = parseInput(contactBody, req.body ?? {});
    await submitContactMessage(
      ctx,
      {
        userId: req.identity?.sub ?? null,
        clientIp: req.identity?.ip || null,
        correlationId: getCorrelationId(req),
      },
      input,
    );
    res.status(200).json({ success: true, message: CONTACT_SUCCESS_MESSAGE });
  });
}

/** For the admin service (mounted under `/internal`, service callers only). */
export function internalContactRoutes(router: Router, ctx: ContactContext): void {
  router.get('/contact-messages', async (req, res) => {
    const page = parseInput(listQuery, req.query);
    res.json(await listContactMessages(ctx, page));
  });
}
