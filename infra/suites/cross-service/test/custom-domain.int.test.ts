import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPlatform, unique, type Platform } from '@app/testing';

/*
 * Issue 19, custom domains, through the real gateway (auth and organization behind it, a small web build):
 * the organization's host serves its branded registration at `/` to visitors and the app as usual to its
 * signed-in members; an unknown host gets the platform's page; the organization's origin passes the
 * anti-forgery check, an unknown one does not.
 */

const SECRET = 'custom-domain-test-internal-secret-0123456789';
const LANDING =
  '<!doctype html><html><head><title>Venture Roadmap</title></head><body>landing page</body></html>';
const SHELL = '<!doctype html><html><head><title>Venture Roadmap</title></head><body>app shell</body></html>';

let platform: Platform;
let dist: string;
let port: number;
let org: { id: string; slug: string };
const domain = `ventures-${unique()}.northgate.test`;

/** A request with a Host header of our choosing (fetch does not let one set it). */
function get(
  host: string,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        headers: {
          host,
          accept: 'text/html',
          ...headers,
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'custom-domain-web-'));
  await writeFile(path.join(dist, 'index.html'), LANDING);
  await writeFile(path.join(dist, '200.html'), SHELL);
  platform = await startPlatform({
    services: ['auth', 'organization'],
    secret: SECRET,
    env: { gateway: { WEB_DIST: dist, PUBLIC_URL: 'http://platform.test:3000' } },
  });
  port = platform.gateway.port;
  const slug = `northgate-${unique()}`;
  const created = await platform.direct(
    'organization',
    'POST',
    '/internal/organizations',
    { svc: 'admin' },
    { name: 'Northgate', slug, displayName: 'Northgate Venture Lab', customDomain: domain },
  );
  expect(created.status).toBe(201);
  org = { id: created.body.id, slug };
}, 90_000);

afterAll(async () => {
  await platform?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('custom domains at the gateway (issue 19)', () => {
  it("when a visitor opens `/` on the organization's domain, then the app shell names the organization (its branded registration)", async () => {
    const page = await get(domain, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="vr-organization" content="${org.slug}">`);
    expect(page.body).toContain('<title>Register with Northgate Venture Lab</title>');
    expect(page.body).toContain('app shell');
    expect(page.headers['cache-control']).toBe('no-cache');
    // Case and a trailing dot do not matter; other paths are the app as usual.
    expect((await get(domain.toUpperCase(), '/')).body).toContain('vr-organization');
    expect((await get(domain, '/about')).body).not.toContain('vr-organization');
  });

  it("when the host is unknown or the platform's own, then `/` is the platform's landing page", async () => {
    for (const host of [`unknown-${unique()}.example`, 'platform.test:3000', `127.0.0.1:${port}`]) {
      const page = await get(host, '/');
      expect([host, page.status, page.body]).toEqual([host, 200, LANDING]);
    }
  });

  it('when a member is signed in on the domain, then `/` is the app (their home), not the registration', async () => {
    const registered = await get(
      domain,
      `/api/organizations/${org.slug}/register`,
      {
        origin: `http://${domain}:${port}`,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
      },
      'POST',
      JSON.stringify({ username: `founder.${unique()}@example.com`, password: 'secret-123' }),
    );
    expect(registered.status).toBe(201);
    const cookie = String(registered.headers['set-cookie']).split(';')[0]!;
    const page = await get(domain, '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('vr-organization');
    const brand = await get(domain, '/api/organizations/my-brand', { cookie, accept: 'application/json' });
    expect(JSON.parse(brand.body).brand).toMatchObject({ slug: org.slug, name: 'Northgate Venture Lab' });
  });

  it("when a state-changing call comes from the organization's origin, then it passes the origin check; an unknown origin does not", async () => {
    const login = (origin: string) =>
      get(
        domain,
        '/api/login',
        {
          origin,
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          accept: 'application/json',
        },
        'POST',
        JSON.stringify({ username: `nobody.${unique()}@example.com`, password: 'wrong-password' }),
      );
    const ours = await login(`http://${domain}:${port}`);
    expect(ours.status).toBe(401);
    const stranger = await login('http://evil.example');
    expect([stranger.status, JSON.parse(stranger.body).code]).toEqual([403, 'CSRF.BAD_ORIGIN']);
  });

  it('when the organization is made inactive, then the host lookup no longer resolves its domain (the gateway forgets it within its cache TTL)', async () => {
    const off = await platform.direct(
      'organization',
      'PATCH',
      `/internal/organizations/${org.id}`,
      { svc: 'admin' },
      { isActive: false },
    );
    expect(off.status).toBe(200);
    const lookup = await platform.direct('organization', 'GET', `/internal/organizations/by-host/${domain}`, {
      svc: 'gateway',
    });
    expect([lookup.status, lookup.body.code]).toEqual([404, 'ORGANIZATION.NOT_FOUND']);
  });
});
