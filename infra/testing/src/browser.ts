// A browser-like JSON client for tests that go through the gateway: it keeps the session cookie (and drops it
// when the gateway clears it) and sends the anti-forgery header the web app sends.

export interface Reply {
  status: number;
  headers: Headers;
  /** Milliseconds from sending the request to the end of the answer. */
  ms: number;
  // Bodies are JSON of many shapes; tests assert them field by field.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The answer as JSON when it parses, else its text (the test then fails on it). */
export function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** A fetch answer as a `Reply`; `started` is when the request was sent (`Date.now()`). */
export async function toReply(res: Response, started = Date.now()): Promise<Reply> {
  const body = parseBody(await res.text());
  return { status: res.status, headers: res.headers, ms: Date.now() - started, body };
}

export class Browser {
  cookie: string | undefined;
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, path: string, body?: unknown, timeoutMs = 15_000): Promise<Reply> {
    const started = Date.now();
    const res = await fetch(this.base + path, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') || /Expires=Thu, 01 Jan 1970/.test(setCookie) ? undefined : pair;
    }
    return toReply(res, started);
  }
}
