import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { webApp } from '../src/static.ts';

/** A web build as web/build/prerender-pages.ts writes it: pre-rendered pages, the shell, compressed copies. */
function writeBuild(dir: string): void {
  const files: Record<string, string> = {
    'index.html': '<html>landing</html>',
    '200.html': '<html>shell</html>',
    'about/index.html': '<html>about</html>',
    'about/index.es.html': '<html lang="es">sobre</html>',
    'auth/sso-error/index.html': '<html>sso error</html>',
    'auth/sso-error/reason=expired.html': '<html>sso error: expired</html>',
    'auth/sso-error/reason=expired.es.html': '<html lang="es">error: caducado</html>',
    'assets/app-1.js': 'console.log("app")',
    'robots.txt': 'User-agent: *\nAllow: /\n',
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  writeFileSync(path.join(dir, 'assets/app-1.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(dir, 'assets/app-1.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(path.join(dir, 'about/index.html.gz'), gzipSync('<html>about</html>'));
}

describe('webApp (the built web app)', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeBuild(dir);
    const app = express();
    app.use(webApp(dir));
    app.use((_req, res) => res.status(404).send('not found'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  // fetch decompresses bodies itself; the headers tell what was sent.
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, { headers: { accept: 'text/html', ...headers } });

  it('serves the pre-rendered landing page at / and a page folder at its path, never redirected', async () => {
    expect(await (await get('/')).text()).toBe('<html>landing</html>');
    const about = await get('/about', { 'accept-encoding': 'identity' });
    expect(about.status).toBe(200);
    expect(await about.text()).toBe('<html>about</html>');
    expect(about.headers.get('cache-control')).toBe('no-cache');
  });

  it("serves a page's pre-rendered file for its query when the build wrote one, else its index.html", async () => {
    const page = async (pathname: string) => (await get(pathname)).text();
    expect(await page('/auth/sso-error?reason=expired')).toBe('<html>sso error: expired</html>');
    expect(await page('/auth/sso-error?utm=x&reason=expired')).toBe('<html>sso error: expired</html>');
    for (const query of [
      '',
      '?reason=unknown',
      '?reason=EXPIRED',
      '?reason=..%2F..%2Fabout%2Findex',
      '?other=expired',
    ]) {
      expect(await page(`/auth/sso-error${query}`)).toBe('<html>sso error</html>');
    }
  });

  it("serves a page in the browser's language where the build wrote it", async () => {
    const page = async (pathname: string, headers: Record<string, string>) => {
      const answer = await get(pathname, headers);
      expect(answer.headers.get('vary')).toMatch(/cookie.*accept-language/i);
      return answer.text();
    };
    expect(await page('/about', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })).toBe(
      '<html lang="es">sobre</html>',
    );
    expect(await page('/about', { 'accept-language': 'fr;q=0.9,es;q=0.5' })).toBe(
      '<html lang="es">sobre</html>',
    );
    expect(await page('/about', { 'accept-language': 'en-US,es;q=0.9' })).toBe('<html>about</html>');
    expect(await page('/about', { 'accept-language': 'de-DE' })).toBe('<html>about</html>');
    expect(await page('/about', {})).toBe('<html>about</html>');
    expect(await page('/auth/sso-error?reason=expired', { 'accept-language': 'es' })).toBe(
      '<html lang="es">error: caducado</html>',
    );
    // No Spanish file: the English page (the app renders it afresh in Spanish).
    expect(await page('/auth/sso-error', { 'accept-language': 'es' })).toBe('<html>sso error</html>');
    expect(await page('/', { 'accept-language': 'es' })).toBe('<html>landing</html>');
  });

  it('serves the shell for any other page path', async () => {
    for (const pathname of ['/account', '/ventures/12', '/org/harbor-labs']) {
      const answer = await get(pathname);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('<html>shell</html>');
    }
  });

  it('serves the shell with 404 for a path the app has no page for, so crawlers never index it', async () => {
    for (const pathname of ['/no-such-page', '/ventures', '/ventures/12/extra', '/admin/nope']) {
      const answer = await get(pathname);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe('<html>shell</html>');
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    }
  });

  it('sends the brotli copy, else the gzip copy, else the file, with its own type and Vary', async () => {
    const brotli = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe('console.log("app")');

    const gzip = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe('console.log("app")');

    const plain = await get('/assets/app-1.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("app")');

    const page = await get('/about', { 'accept-encoding': 'gzip' });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('gives unhashed files a short cache and missing assets a 404, not the shell', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await get('/assets/gone-1.js')).status).toBe(404);
  });

  /** The app with a signedIn check (the cookie `signed-in` is a signed-in user), and a page visit on it. */
  async function signedInApp() {
    const app = express();
    app.use(webApp(dir, { signedIn: async (req) => req.get('cookie') === 'signed-in' }));
    const signedInServer = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => signedInServer.once('listening', resolve));
    const url = `http://127.0.0.1:${(signedInServer.address() as AddressInfo).port}`;
    return {
      visit: (pathname: string, cookie?: string) =>
        fetch(`${url}${pathname}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } }),
      close: () => new Promise((resolve) => signedInServer.close(resolve)),
    };
  }

  it('with a signedIn check, a signed-in user gets the shell where a visitor gets the pre-rendered page', async () => {
    const { visit, close } = await signedInApp();
    try {
      const visitor = await visit('/');
      expect(await visitor.text()).toBe('<html>landing</html>');
      expect(visitor.headers.get('vary')).toMatch(/cookie/i);
      const user = await visit('/', 'signed-in');
      expect(await user.text()).toBe('<html>shell</html>');
      expect(user.headers.get('vary')).toMatch(/cookie/i);
      expect(await (await visit('/about', 'signed-in')).text()).toBe('<html>shell</html>');
      expect(await (await visit('/about', 'other')).text()).toBe('<html>about</html>');
      // Files and assets never depend on the user.
      expect((await visit('/robots.txt', 'signed-in')).headers.get('vary')).not.toMatch(/cookie/i);
    } finally {
      await close();
    }
  });

  it("names the session and, signed in, the page's first read as preloads of the app shell (issue 22)", async () => {
    const { visit, close } = await signedInApp();
    const session = '</api/session>; rel=preload; as=fetch; crossorigin=use-credentials';
    try {
      const roadmap = await visit('/ventures/65f0c0ffee00000000000001', 'signed-in');
      expect(await roadmap.text()).toBe('<html>shell</html>');
      expect(roadmap.headers.get('link')).toBe(
        `${session}, </api/ventures/65f0c0ffee00000000000001>; rel=preload; as=fetch; crossorigin=use-credentials`,
      );
      expect(roadmap.headers.get('vary')).toMatch(/cookie/i);
      // A visitor's read would answer 401: only the session.
      expect((await visit('/ventures/65f0c0ffee00000000000001')).headers.get('link')).toBe(session);
      // The path's value is encoded: it cannot end the link or add another.
      expect((await visit('/ventures/a%3E%2C%20b', 'signed-in')).headers.get('link')).toContain(
        '</api/ventures/a%3E%2C%20b>',
      );
      expect((await visit('/programs/p1', 'signed-in')).headers.get('link')).toBe(
        `${session}, </api/programs/p1/dashboard>; rel=preload; as=fetch; crossorigin=use-credentials`,
      );
      expect((await visit('/mentoring', 'signed-in')).headers.get('link')).toBe(
        `${session}, </api/mentoring/ventures>; rel=preload; as=fetch; crossorigin=use-credentials`,
      );
      // A public page's first read is anyone's: an organization's branding, signed in or not.
      const branding =
        '</api/organizations/by-slug/acme-labs>; rel=preload; as=fetch; crossorigin=use-credentials';
      expect((await visit('/org/acme-labs')).headers.get('link')).toBe(`${session}, ${branding}`);
      expect((await visit('/org/acme-labs', 'signed-in')).headers.get('link')).toBe(
        `${session}, ${branding}`,
      );
      expect((await visit('/org/a%3E%2C%20b')).headers.get('link')).toContain(
        '</api/organizations/by-slug/a%3E%2C%20b>',
      );
      for (const pathname of ['/ventures/new', '/account']) {
        expect((await visit(pathname, 'signed-in')).headers.get('link')).toBe(session);
      }
      // A signed-in user on a pre-rendered page gets the shell, which reads the session first; a visitor's
      // page reads it once shown, and a path with no page preloads nothing.
      expect((await visit('/about', 'signed-in')).headers.get('link')).toBe(session);
      expect((await visit('/about')).headers.get('link')).toBeNull();
      expect((await visit('/no-such-page', 'signed-in')).headers.get('link')).toBeNull();
      expect((await visit('/robots.txt', 'signed-in')).headers.get('link')).toBeNull();
    } finally {
      await close();
    }
  });

  it('never serves a file outside the build', async () => {
    const answer = await get('/%2e%2e/%2e%2e/etc/passwd');
    expect(await answer.text()).not.toContain('root:');
  });
});
