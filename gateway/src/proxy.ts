import http from 'node:http';
import type { Request, Response } from 'express';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  fixRequestBody,
  proxyEventsPlugin,
  type Plugin,
  type RequestHandler as ProxyHandler,
} from 'http-proxy-middleware';
import { IDENTITY_HEADER, sessionStoreErrors, signIdentity, type ErrorBody, type Logger } from '@app/common';
import { compressorFor } from './compression.ts';
import { findRoute, type Route, type ServiceName } from './route-table.ts';
import { applySessionAction, takeSessionAction } from './session/session-action.ts';
import type { Sessions } from './session/session.ts';

export interface ProxyOptions {
  services: Partial<Record<ServiceName, string>>;
  secret: string;
  sessions: Sessions;
  timeoutMs: number;
  /** Connections to one service at most; further calls wait for one (their timeout runs meanwhile). */
  maxSockets?: number;
  logger: Logger;
  routes?: readonly Route[];
}

interface ProxiedRequest extends Request {
  upstreamTimedOut?: boolean;
  targetService?: ServiceName;
  /** Runs from the moment the call is routed until the service answers (UPSTREAM_TIMEOUT_MS). */
  upstreamDeadline?: NodeJS.Timeout;
  /** The request to the service, once it has a connection. */
  upstreamRequest?: http.ClientRequest;
}

/** A response's 'close' listener, shared by every request (no closure each). */
function clearUpstreamDeadline(this: Response): void {
  clearTimeout((this.req as ProxiedRequest).upstreamDeadline);
}

/**
 * The gateway's own error answers have the platform's error body. Once the service's answer has begun, the
 * connection is cut instead: ending it would make a chunked or compressed answer cut short look whole.
 */
function sendError(res: Response, status: number, body: ErrorBody): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json(body);
}

/**
 * Routes /api/* to the services over keep-alive connections. Strips the cookie and any client-sent
 * identity, adds a short-lived signed identity for the target service, applies the session actions the
 * services ask for, and answers JSON 502/504 when a service is down or slow.
 */
export function createApiProxy(options: ProxyOptions): ProxyHandler<Request, Response> {
  const { sessions, logger } = options;
  // One keep-alive agent pools connections per upstream host:port (without it every request opens a socket).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.maxSockets ?? 256,
    maxFreeSockets: 64,
    keepAliveMsecs: 10_000,
  });
  const routes = options.routes;

  function answerTimeout(res: Response, req: ProxiedRequest): void {
    if (res.headersSent) return;
    logger.warn({ service: req.targetService }, 'upstream timed out');
    sendError(res, 504, {
      code: 'UPSTREAM.TIMEOUT',
      message: 'The service took too long to answer. Please try again.',
    });
  }

  return createProxyMiddleware<Request, Response>({
    pathFilter: (path) => findRoute(path, routes) !== undefined,
    router: (req) => {
      // The timeout counts from here, not from when a pooled connection frees up: with every connection
      // held by a hung service, a waiting call would otherwise start a fresh timeout once it got one.
      const preq = req as ProxiedRequest;
      preq.upstreamDeadline = setTimeout(() => {
        preq.upstreamTimedOut = true;
        // Waiting for a connection, nothing reports the end until one frees up: answer now.
        answerTimeout(preq.res as Response, preq);
        preq.upstreamRequest?.destroy(new Error('upstream timeout'));
      }, options.timeoutMs);
      // However the exchange ends (answered, failed, the client gone), the timer goes with it.
      preq.res?.once('close', clearUpstreamDeadline);
      const route = findRoute(req.path, routes);
      const target = route && options.services[route.service];
      preq.targetService = route?.service;
      // An unconfigured service is treated like one that is down.
      return target ?? 'http://127.0.0.1:9';
    },
    agent,
    xfwd: false,
    changeOrigin: false,
    selfHandleResponse: true,
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<Request, Response>[],
    on: {
      proxyReq: (proxyReq, req) => {
        const preq = req as ProxiedRequest;
        proxyReq.removeHeader('cookie');
        proxyReq.removeHeader('authorization');
        proxyReq.removeHeader(IDENTITY_HEADER);
        proxyReq.removeHeader('x-forwarded-for');
        // Hop-by-hop: the client's keep-alive terms are for its connection to the gateway, not the service's.
        proxyReq.removeHeader('keep-alive');
        proxyReq.removeHeader('proxy-connection');
        const userId = req.session?.userId ?? null;
        const ssoFlow = req.session?.ssoFlow;
        const ssoOrganizationId = req.session?.ssoOrganizationId;
        proxyReq.setHeader(
          IDENTITY_HEADER,
          signIdentity(options.secret, {
            sub: userId,
            ...(userId ? { sid: req.sessionID } : {}),
            ...(ssoFlow ? { flow: ssoFlow } : {}),
            ...(userId && ssoOrganizationId ? { sso: ssoOrganizationId } : {}),
            aud: preq.targetService ?? 'unknown',
            cid: String(req.id ?? ''),
            ip: req.ip ?? '',
          }),
        );
        proxyReq.setHeader('x-request-id', String(req.id ?? ''));
        preq.upstreamRequest = proxyReq;
        // Timed out while waiting for this connection: go no further.
        if (preq.upstreamTimedOut) return void proxyReq.destroy(new Error('upstream timeout'));
        // Once answering, a service that stalls mid-body is cut off after the same idle time.
        proxyReq.setTimeout(options.timeoutMs, () => {
          preq.upstreamTimedOut = true;
          proxyReq.destroy(new Error('upstream timeout'));
        });
        // Bodies are parsed only on the few routes the gateway itself reads (login, registration).
        fixRequestBody(proxyReq, req);
      },
      proxyRes: (proxyRes, req, res) => {
        clearTimeout((req as ProxiedRequest).upstreamDeadline);
        const action = takeSessionAction(proxyRes.headers);
        const forward = () => {
          if (res.headersSent) return void proxyRes.resume();
          res.status(proxyRes.statusCode ?? 502);
          for (const [name, value] of Object.entries(proxyRes.headers)) {
            if (
              value === undefined ||
              name === 'connection' ||
              name === 'keep-alive' ||
              name === 'transfer-encoding' ||
              // Whatever a service runs on stays inside (RELIABILITY: no X-Powered-By on any answer).
              name === 'x-powered-by'
            )
              continue;
            res.setHeader(name, value);
          }
          if (req.session?.userId || !proxyRes.headers['cache-control'])
            res.setHeader('cache-control', 'no-store');
          const compressor = compressorFor(req, res, proxyRes.headers, proxyRes.statusCode ?? 502);
          if (!compressor) return void proxyRes.pipe(res);
          // Piped, not `pipeline`d: the response already has ten 'close' listeners, and an answer the service
          // breaks off ends in the proxy's error handler as without compression.
          compressor.on('error', () => res.destroy());
          proxyRes.pipe(compressor).pipe(res);
        };
        if (!action) return forward();
        // The service has answered: the time the session store takes is not the service's, so the
        // upstream idle timeout rests meanwhile (the store's own command timeout bounds it).
        proxyRes.socket?.setTimeout(0);
        const resumeTimeout = () => proxyRes.socket?.setTimeout(options.timeoutMs);
        applySessionAction(sessions, req, res, action).then(
          () => {
            resumeTimeout();
            forward();
          },
          (err: unknown) => {
            resumeTimeout();
            sessionStoreErrors.inc({ operation: action.kind });
            if (action.kind === 'revoke-user') {
              // The change itself is done; the user.sessions_revoked event ends those sessions once the
              // store is back, so the administrator gets the service's answer.
              logger.warn(
                { err, userId: action.userId },
                "revoking a user's sessions failed; the event will",
              );
              return forward();
            }
            proxyRes.resume();
            logger.error({ err }, 'session action failed');
            sendError(res, 503, {
              code: 'SESSION.STORE_UNAVAILABLE',
              message: 'Sign-in is temporarily unavailable. Please try again shortly.',
            });
          },
        );
      },
      error: (err, req, res) => {
        const preq = req as ProxiedRequest;
        clearTimeout(preq.upstreamDeadline);
        const response = res as Response;
        if (!('status' in response)) return; // a socket (upgrade); nothing to answer
        if (preq.upstreamTimedOut) return answerTimeout(response, preq);
        logger.warn({ service: preq.targetService, err: (err as Error).message }, 'upstream unavailable');
        sendError(response, 502, {
          code: 'UPSTREAM.UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again.',
        });
      },
    },
  });
}
