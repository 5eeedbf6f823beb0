import http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { IDENTITY_HEADER, sessionStoreErrors, signIdentity, type ErrorBody, type Logger } from '@app/common';
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
  /** The request to the service (waiting for a pooled connection until it has one). */
  upstreamRequest?: http.ClientRequest;
}

/** A response's 'close' listener, shared by every request (no closure each). */
function clearUpstreamDeadline(this: Response): void {
  clearTimeout((this.req as ProxiedRequest).upstreamDeadline);
}

/** The gateway's own error answers have the platform's error body. */
function sendError(res: Response, status: number, body: ErrorBody): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).json(body);
}

/** Request headers that are the connection's, not the request's: never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);
/** What a client may not tell a service: its session (the gateway's), credentials and identity, its address. */
const STRIPPED = new Set(['cookie', 'authorization', IDENTITY_HEADER, 'x-forwarded-for']);
/** Answer headers that stay at the gateway: the connection's own, and whatever a service runs on. */
const NOT_ANSWERED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'x-powered-by']);

/**
 * Routes /api/* to the services over keep-alive connections. Strips the cookie and any client-sent
 * identity, adds a short-lived signed identity for the target service, applies the session actions the
 * services ask for, and answers JSON 502/504 when a service is down or slow.
 *
 * node:http directly, not a proxy library: the gateway hop is the floor (a bare node:http proxy) plus
 * only what the gateway must do (issue 22: the library's per-request option objects, promise chain and
 * event plugins were most of the hop's own cost).
 */
export function createApiProxy(options: ProxyOptions): RequestHandler {
  const { sessions, logger } = options;
  // One keep-alive agent pools connections per upstream host:port (without it every request opens a socket).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.maxSockets ?? 256,
    maxFreeSockets: 64,
    keepAliveMsecs: 10_000,
  });
  const routes = options.routes;
  // An unconfigured service is treated like one that is down.
  const targets = new Map<ServiceName, { hostname: string; port: number }>();
  const unconfigured = { hostname: '127.0.0.1', port: 9 };
  for (const [name, url] of Object.entries(options.services) as Array<[ServiceName, string | undefined]>) {
    if (!url) continue;
    const parsed = new URL(url);
    targets.set(name, {
      hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: Number(parsed.port || 80),
    });
  }

  function answerTimeout(res: Response, req: ProxiedRequest): void {
    if (res.headersSent) return;
    logger.warn({ service: req.targetService }, 'upstream timed out');
    sendError(res, 504, {
      code: 'UPSTREAM.TIMEOUT',
      message: 'The service took too long to answer. Please try again.',
    });
  }

  function upstreamFailed(err: Error, req: ProxiedRequest, res: Response): void {
    clearTimeout(req.upstreamDeadline);
    if (req.upstreamTimedOut) return answerTimeout(res, req);
    // The client went away first: nobody to answer.
    if (!req.socket.writable) return;
    logger.warn({ service: req.targetService, err: err.message }, 'upstream unavailable');
    sendError(res, 502, {
      code: 'UPSTREAM.UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again.',
    });
  }

  function forward(req: ProxiedRequest, res: Response, proxyRes: http.IncomingMessage): void {
    if (res.headersSent) return void proxyRes.resume();
    res.statusCode = proxyRes.statusCode ?? 502;
    const headers = proxyRes.headers;
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || NOT_ANSWERED.has(name)) continue;
      res.setHeader(name, value);
    }
    if (req.session?.userId || !headers['cache-control']) res.setHeader('cache-control', 'no-store');
    // Either side ending early ends the other: no half-sent answer is left hanging.
    res.once('close', () => {
      if (!proxyRes.complete) proxyRes.destroy();
    });
    proxyRes.once('close', () => {
      if (!proxyRes.complete && !res.destroyed) res.destroy();
    });
    proxyRes.pipe(res);
  }

  function answered(req: ProxiedRequest, res: Response, proxyRes: http.IncomingMessage): void {
    clearTimeout(req.upstreamDeadline);
    const proxyReq = req.upstreamRequest!;
    // The service answered before it read the whole body (e.g. 413): the rest is drained, not sent.
    if (!proxyReq.writableFinished) {
      proxyRes.once('close', () => {
        if (proxyReq.writableFinished) return;
        req.unpipe(proxyReq);
        req.resume();
        proxyReq.destroy();
      });
    }
    const action = takeSessionAction(proxyRes.headers);
    if (!action) return forward(req, res, proxyRes);
    // The service has answered: the time the session store takes is not the service's, so the
    // upstream idle timeout rests meanwhile (the store's own command timeout bounds it).
    proxyRes.socket?.setTimeout(0);
    const resumeTimeout = () => proxyRes.socket?.setTimeout(options.timeoutMs);
    applySessionAction(sessions, req, res, action).then(
      () => {
        resumeTimeout();
        forward(req, res, proxyRes);
      },
      (err: unknown) => {
        resumeTimeout();
        sessionStoreErrors.inc({ operation: action.kind });
        if (action.kind === 'revoke-user') {
          // The change itself is done; the user.sessions_revoked event ends those sessions once the
          // store is back, so the administrator gets the service's answer.
          logger.warn({ err, userId: action.userId }, "revoking a user's sessions failed; the event will");
          return forward(req, res, proxyRes);
        }
        proxyRes.resume();
        logger.error({ err }, 'session action failed');
        sendError(res, 503, {
          code: 'SESSION.STORE_UNAVAILABLE',
          message: 'Sign-in is temporarily unavailable. Please try again shortly.',
        });
      },
    );
  }

  return (request, response, next) => {
    const route = findRoute(request.path, routes);
    if (!route) return next();
    const req = request as ProxiedRequest;
    const res = response;
    req.targetService = route.service;
    // The timeout counts from here, not from when a pooled connection frees up: with every connection
    // held by a hung service, a waiting call would otherwise start a fresh timeout once it got one.
    req.upstreamDeadline = setTimeout(() => {
      req.upstreamTimedOut = true;
      // Waiting for a connection, nothing reports the end until one frees up: answer now.
      answerTimeout(res, req);
      req.upstreamRequest?.destroy(new Error('upstream timeout'));
    }, options.timeoutMs);
    // However the exchange ends (answered, failed, the client gone), the timer goes with it.
    res.once('close', clearUpstreamDeadline);

    const headers: http.OutgoingHttpHeaders = {};
    const incoming = req.headers;
    for (const name in incoming) {
      if (HOP_BY_HOP.has(name) || STRIPPED.has(name)) continue;
      headers[name] = incoming[name];
    }
    const userId = req.session?.userId ?? null;
    headers[IDENTITY_HEADER] = signIdentity(options.secret, {
      sub: userId,
      ...(userId ? { sid: req.sessionID } : {}),
      aud: route.service,
      cid: String(req.id ?? ''),
      ip: req.ip ?? '',
    });
    headers['x-request-id'] = String(req.id ?? '');
    // Bodies are parsed only on the few routes the gateway itself reads (login, registration): those are
    // sent on as the JSON they were; every other body streams through untouched.
    const parsed =
      req.readableEnded && req.body !== undefined && req.is('json') ? JSON.stringify(req.body) : null;
    if (parsed !== null) {
      headers['content-length'] = Buffer.byteLength(parsed);
      delete headers['transfer-encoding'];
    }
    // A chunked body's connection is not reused: nothing a client frames can desynchronise the next call.
    if (headers['transfer-encoding'] !== undefined) headers.connection = 'close';

    const target = targets.get(route.service) ?? unconfigured;
    const proxyReq = http.request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    req.upstreamRequest = proxyReq;
    proxyReq.on('error', (err) => upstreamFailed(err, req, res));
    req.on('error', (err) => {
      proxyReq.destroy();
      upstreamFailed(err, req, res);
    });
    // The client gone before the answer was sent: the call upstream goes too.
    res.once('close', () => {
      if (!res.writableFinished) proxyReq.destroy();
    });
    proxyReq.once('socket', () => {
      // Timed out while waiting for this connection: go no further.
      if (req.upstreamTimedOut) return void proxyReq.destroy(new Error('upstream timeout'));
      // Once answering, a service that stalls mid-body is cut off after the same idle time.
      proxyReq.setTimeout(options.timeoutMs, () => {
        req.upstreamTimedOut = true;
        proxyReq.destroy(new Error('upstream timeout'));
      });
    });
    proxyReq.once('response', (proxyRes) => answered(req, res, proxyRes));
    if (parsed !== null) proxyReq.end(parsed);
    else if (req.readableEnded) proxyReq.end();
    else req.pipe(proxyReq);
  };
}
