import { Writable } from 'node:stream';
import { startTestIdp, type TestIdp } from '@app/sso-test-idp';
import { Browser, startPlatform, unique, type Platform, type Reply } from '@app/testing';
import { createLogger } from '@app/common';

/*
 * Issue 19: the platform behind the real gateway with a real OpenID provider (oidc-provider, the
 * `@app/sso-test-idp` package) on 127.0.0.1, and every log line the services write kept in memory (the
 * secret-leak test reads them). A "browser" here follows the provider's redirects by hand, with its own
 * cookie jar for the provider, and stops at the platform's callback, so each test can replay or tamper
 * with it.
 */

export const SECRET = 'sso-test-internal-secret-0123456789abcdef';
export const ADMIN_EMAIL = 'root@ventureroadmap.test';
export const ADMIN_PASSWORD = 'root-password-1';
export const PUBLIC_URL = 'http://roadmap.sso.test';
export const CALLBACK = `${PUBLIC_URL}/api/sso/callback`;
export const CLIENT_ID = 'northgate-portal';
/** Distinctive, so a grep of answers, logs and exports cannot miss it. */
export const CLIENT_SECRET = 'northgate-client-secret-7Qx9-never-shown';

export { Browser, unique, type Reply };

export interface SsoPlatform {
  platform: Platform;
  idp: TestIdp;
  administrator: Browser;
  /** Every log line written so far (JSON). */
  logs(): string;
  close(): Promise<void>;
}

export async function startSsoPlatform(): Promise<SsoPlatform> {
  let logText = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  // The services' own logger (its redaction rules included), writing into memory.
  const logger = createLogger({ name: 'platform', level: 'debug', destination: sink });
  const idp = await startTestIdp({
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [CALLBACK] }],
  });
  const platform = await startPlatform({
    services: ['auth', 'venture', 'organization', 'contact', 'admin'],
    secret: SECRET,
    logger,
    env: {
      services: { PUBLIC_URL, SSO_ALLOW_HTTP_ISSUERS: 'true', LOG_LEVEL: 'debug' },
      auth: { ADMIN_EMAIL, ADMIN_PASSWORD },
      gateway: { LOGIN_LIMIT_PER_CLIENT: '100000', REGISTER_LIMIT_PER_CLIENT: '100000', PUBLIC_URL },
    },
  });
  const administrator = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    platform,
    idp,
    administrator,
    logs: () => logText,
    async close() {
      await platform.close();
      await idp.close();
    },
  };
}

/** A browser of the platform that also speaks to the provider (cookies kept per host). */
export class SsoBrowser {
  readonly platformBrowser: Browser;
  private readonly idpCookies = new Map<string, string>();
  constructor(base: string) {
    this.platformBrowser = new Browser(base);
  }

  get cookie(): string | undefined {
    return this.platformBrowser.cookie;
  }

  call(method: string, path: string, body?: unknown): Promise<Reply> {
    return this.platformBrowser.call(method, path, body);
  }

  /** "Continue with SSO": the provider's authorization URL, or the error answer. */
  start(email: string): Promise<Reply> {
    return this.call('POST', '/api/sso/start', { email });
  }

  private async idpFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.idpCookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.idpCookies.delete(name);
      else this.idpCookies.set(name, value);
    }
    return res;
  }

  /**
   * Signs in at the provider as `email` and answers the URL the provider sends the browser back to (the
   * platform's callback with code and state), without calling it.
   */
  async signInAtProvider(authorizationUrl: string, email: string, password: string): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 12; hop += 1) {
      if (url.startsWith(CALLBACK)) return new URL(url);
      const login = /\/interaction\/([\w-]+)$/.exec(new URL(url).pathname);
      const res = login
        ? await this.idpFetch(`${url}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ login: email, password }).toString(),
          })
        : await this.idpFetch(url);
      if (login && res.status === 200) {
        // The interaction was the consent step or the form again: follow what it says.
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects at the provider');
  }

  /** The platform's callback, as the browser would call it after the provider's redirect. */
  async callback(callbackUrl: URL): Promise<Reply> {
    const res = await fetch(`${this.platformBrowser.base}${callbackUrl.pathname}${callbackUrl.search}`, {
      redirect: 'manual',
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.platformBrowser.cookie =
        pair.endsWith('=') || /Expires=Thu, 01 Jan 1970/.test(setCookie) ? undefined : pair;
    }
    return { status: res.status, headers: res.headers, ms: 0, body: await res.text() };
  }

  /** The whole sign-in: start, the provider's form, the callback. */
  async signIn(email: string, password: string): Promise<Reply> {
    const started = await this.start(email);
    if (started.status !== 200) throw new Error(`start answered ${started.status}`);
    const back = await this.signInAtProvider(started.body.redirectUrl as string, email, password);
    return this.callback(back);
  }
}
