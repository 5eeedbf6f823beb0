import { CORRELATION_HEADER } from './correlation.ts';
import { AppError, type ErrorBody } from './errors.ts';
import { IDENTITY_HEADER, signIdentity } from './identity.ts';

export interface InternalClientOptions {
  /** The calling service's name (`svc` of the identity). */
  caller: string;
  secret: string;
  /** Service name → base URL, e.g. `{ auth: 'http://127.0.0.1:4001' }`. */
  baseUrls: Record<string, string>;
  /** Per request (default 5 s). */
  timeoutMs?: number;
}

export interface InternalClient {
  request<T>(
    service: string,
    method: string,
    path: string,
    body?: unknown,
    opts?: { correlationId?: string },
  ): Promise<T>;
}

/**
 * Service-to-service HTTP with a signed service identity (`sub: null, svc: caller, aud: service`).
 * Node's fetch keeps connections alive. A remote error comes back as an AppError with the remote
 * status, code and message; a network failure is 503 `UPSTREAM.UNAVAILABLE`, a timeout 504
 * `UPSTREAM.TIMEOUT`.
 */
export function createInternalClient(opts: InternalClientOptions): InternalClient {
  const timeoutMs = opts.timeoutMs ?? 5000;
  return {
    async request<T>(
      service: string,
      method: string,
      path: string,
      body?: unknown,
      requestOpts: { correlationId?: string } = {},
    ): Promise<T> {
      const base = opts.baseUrls[service];
      if (!base) throw new AppError('INTERNAL.UNKNOWN_SERVICE', 500, `No base URL for service ${service}`);
      const headers: Record<string, string> = {
        accept: 'application/json',
        [IDENTITY_HEADER]: signIdentity(opts.secret, {
          sub: null,
          svc: opts.caller,
          aud: service,
          ...(requestOpts.correlationId ? { cid: requestOpts.correlationId } : {}),
        }),
      };
      if (requestOpts.correlationId) headers[CORRELATION_HEADER] = requestOpts.correlationId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const url = `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;

      let response: Response;
      try {
        response = await fetch(url, {
          method: method.toUpperCase(),
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const name = (err as Error)?.name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new AppError('UPSTREAM.TIMEOUT', 504, `The ${service} service did not answer in time`, {
            expected: false,
            cause: err,
          });
        }
        throw new AppError('UPSTREAM.UNAVAILABLE', 503, `The ${service} service is unavailable`, {
          expected: false,
          cause: err,
        });
      }

      let text: string;
      try {
        text = await response.text();
      } catch (err) {
        throw new AppError('UPSTREAM.TIMEOUT', 504, `The ${service} service did not answer in time`, {
          expected: false,
          cause: err,
        });
      }
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      if (response.ok) return parsed as T;

      const remote = (parsed ?? {}) as Partial<ErrorBody>;
      throw new AppError(
        typeof remote.code === 'string' ? remote.code : 'UPSTREAM.ERROR',
        response.status,
        typeof remote.message === 'string'
          ? remote.message
          : `The ${service} service answered ${response.status}`,
        { validationErrors: Array.isArray(remote.validationErrors) ? remote.validationErrors : undefined },
      );
    },
  };
}
