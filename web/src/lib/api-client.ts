/**
 * The one API client. Every call sends the session cookie and the
 * `X-Requested-With: XMLHttpRequest` header the gateway's CSRF rule requires on
 * state-changing requests; request bodies are JSON.
 */

import { EMBEDDED_ANSWER_ATTRIBUTE } from '@app/contracts';
import { currentLanguage, msg, translate } from '../i18n/i18n';

/** Status used for requests that never got an HTTP answer (network down, CORS, abort). */
export const NETWORK_ERROR_STATUS = 0;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, the response text, or undefined when there was none. */
  readonly body: unknown;
  /**
   * The message the server itself wrote (a JSON `message`, the JSON text or a plain-text
   * body); undefined when `message` is only the status text or a network failure.
   * Toasts prefer this and fall back to their own default text.
   */
  readonly serverMessage: string | undefined;

  constructor(status: number, message: string, body: unknown, serverMessage: string | undefined) {
    super(message);
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The codes of a 401 that means the session is gone (expired, signed out elsewhere, account removed). */
const SESSION_ENDED_CODES: ReadonlySet<string> = new Set(['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED']);

/**
 * Whether a call failed because the caller is no longer signed in (issue 20): the app then sends them to
 * sign in and back (`app/session-ended.ts`), so the call's own failure toast stays quiet.
 */
export function isSessionEnded(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  const code = (error.body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && SESSION_ENDED_CODES.has(code);
}

/**
 * The server-written message of a failed call, if there is one, in the active language: the services write
 * English, and the Spanish catalogue holds their messages (issue 21; a message it lacks stays English).
 */
export function serverMessageOf(error: unknown): string | undefined {
  return isApiError(error) && error.serverMessage !== undefined ? translate(error.serverMessage) : undefined;
}

/** What a failure toast says (spec §8): the server's message, the network failure's message, or `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  const serverMessage = serverMessageOf(error);
  if (serverMessage !== undefined && serverMessage.trim() !== '') return serverMessage;
  if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) return translate(error.message);
  return translate(fallback);
}

const HTML_PATTERN = /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;
const MAX_TEXT_MESSAGE_LENGTH = 500;

function looksLikeHtml(text: string, contentType: string): boolean {
  return contentType.includes('text/html') || HTML_PATTERN.test(text);
}

function isJsonContentType(contentType: string): boolean {
  return /\bjson\b/i.test(contentType);
}

/**
 * Spec §8: JSON content uses its `message` field, or the whole JSON as text; otherwise the
 * response text or the status text. HTML error pages are never shown.
 */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const contentType = response.headers.get('content-type') ?? '';
  const statusText = response.statusText || `Request failed with status ${response.status}`;
  let text = '';
  try {
    text = await response.text();
  } catch {
    // An unreadable body leaves only the status text.
  }

  if (text.trim() !== '' && isJsonContentType(contentType)) {
    try {
      const json: unknown = JSON.parse(text);
      const message =
        json !== null && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
          ? json.message
          : JSON.stringify(json);
      return new ApiError(response.status, message, json, message);
    } catch {
      // Not valid JSON after all: treat it as text below.
    }
  }

  const trimmed = text.trim();
  if (trimmed === '' || looksLikeHtml(trimmed, contentType)) {
    return new ApiError(response.status, statusText, trimmed === '' ? undefined : text, undefined);
  }
  const message =
    trimmed.length > MAX_TEXT_MESSAGE_LENGTH ? `${trimmed.slice(0, MAX_TEXT_MESSAGE_LENGTH)}…` : trimmed;
  return new ApiError(response.status, message, text, message);
}

async function parseSuccessBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  return isJsonContentType(contentType) ? (JSON.parse(text) as unknown) : text;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Issue 22: an answer the gateway wrote into the page for its first read of `path` (an organization's
 * branding on its registration page, `fillOrganizationPage` in @app/contracts), taken once: later reads ask
 * the server.
 */
function takeEmbeddedAnswer(path: string): { answer: unknown } | undefined {
  if (typeof document === 'undefined') return undefined;
  const script = [
    ...document.querySelectorAll<HTMLScriptElement>(
      `script[type="application/json"][${EMBEDDED_ANSWER_ATTRIBUTE}]`,
    ),
  ].find((element) => element.getAttribute(EMBEDDED_ANSWER_ATTRIBUTE) === path);
  if (!script) return undefined;
  script.remove();
  return { answer: JSON.parse(script.textContent) as unknown };
}

export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const embedded = method === 'GET' ? takeEmbeddedAnswer(path) : undefined;
  if (embedded) return embedded.answer as T;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Issue 21: the services answer content (guides, task titles) in the language the user reads.
    'Accept-Language': currentLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(path, init);
    // Issue 22: the gateway has the browser preload a page's first reads (`Link: rel=preload`), and the
    // browser hands this call the preloaded answer whatever its headers: in the browser's language, which
    // may not be the one the app reads. Such an answer (`Content-Language`) is asked for again, once.
    const language = response.headers.get('content-language');
    if (method === 'GET' && language !== null && language !== headers['Accept-Language']) {
      response = await fetch(path, init);
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      NETWORK_ERROR_STATUS,
      msg('Could not reach the server. Please check your connection and try again.'),
      undefined,
      undefined,
    );
  }

  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await parseSuccessBody(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
