import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ORGANIZATION_PAGE_TEMPLATE_DIR,
  ORGANIZATION_PAGE_TOKENS as T,
  ORGANIZATION_PAGE_VARIANTS,
  type OrganizationBranding,
} from '@app/contracts';
import express from 'express';
import { createHostResolver, customDomainHome } from '../src/custom-domain.ts';
import { organizationPage, organizationPageRenderer } from '../src/organization-page.ts';
import { webApp } from '../src/static.ts';

const harbor: OrganizationBranding = {
  name: 'Harbor & Sons',
  description: 'Founders first.',
  logoUrl: null,
  primaryColor: '#7C3AED',
  secondaryColor: '#F97316',
};

/** A web build with the organization page's templates, each naming its variant (and the Spanish ones, `es`). */
function writeBuild(dir: string, templates: boolean | 'english only'): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<html>landing</html>');
  writeFileSync(path.join(dir, '200.html'), '<html>shell</html>');
  if (!templates) return;
  mkdirSync(path.join(dir, ORGANIZATION_PAGE_TEMPLATE_DIR));
  for (const variant of ORGANIZATION_PAGE_VARIANTS) {
    const page = (lang: string) =>
      `<html lang="${lang}"><head></head><body><div id="root" data-prerendered data-variant="${variant}" style="${T.style}"><h1>${T.name}</h1><p>${T.description}</p></div></body></html>`;
    writeFileSync(path.join(dir, ORGANIZATION_PAGE_TEMPLATE_DIR, `${variant}.html`), page('en'));
    if (templates !== 'english only')
      writeFileSync(path.join(dir, ORGANIZATION_PAGE_TEMPLATE_DIR, `${variant}.es.html`), page('es'));
  }
}

describe("an organization's registration page, filled in by the gateway (issue 22)", () => {
  let dir: string;
  let server: Server;
  let base: string;
  const lookups: string[] = [];
  let signedIn = false;
  let failing = false;

  async function start(templates: boolean | 'english only'): Promise<void> {
    dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeBuild(dir, templates);
    const app = express();
    const render = organizationPageRenderer({
      dist: dir,
      branding: async (slug) => {
        lookups.push(slug);
        if (failing) throw new Error('organization service down');
        return slug === 'harbor-labs' ? harbor : null;
      },
    });
    app.use(organizationPage({ render, signedIn: async () => signedIn }));
    app.use(
      customDomainHome({
        dist: dir,
        resolver: createHostResolver({
          lookup: async (host) =>
            host === 'ventures.harbor.example' ? { slug: 'harbor-labs', name: 'Harbor' } : null,
          ttlMs: 60_000,
          maxEntries: 10,
        }),
        signedIn: async () => signedIn,
        renderOrganizationPage: render,
      }),
    );
    app.use(webApp(dir));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function stop(): Promise<void> {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }

  beforeEach(() => {
    lookups.length = 0;
    signedIn = false;
    failing = false;
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, { headers: { accept: 'text/html', ...headers } });

  /** `GET /` for another host (fetch may not set Host), uncompressed. */
  const getHome = (host: string, acceptLanguage = 'en') =>
    new Promise<{ body: string; link: string }>((resolve, reject) => {
      const url = new URL(base);
      request(
        {
          host: url.hostname,
          port: url.port,
          path: '/',
          headers: { host, accept: 'text/html', 'accept-language': acceptLanguage },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ body, link: String(res.headers.link) }));
        },
      )
        .on('error', reject)
        .end();
    });

  describe('with the templates built', () => {
    beforeAll(() => start(true));
    afterAll(stop);

    it("serves a visitor the organization's page with its branding in it and embedded, compressed, never cached stale", async () => {
      const answer = await get('/org/harbor-labs', { 'accept-encoding': 'gzip, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('vary')).toMatch(/cookie/i);
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      // The session is the one read left before the app hydrates the page.
      expect(answer.headers.get('link')).toBe(
        '</api/session>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
      const html = await answer.text();
      expect(html).toContain('data-variant="description"');
      expect(html).toContain('<h1>Harbor &amp; Sons</h1><p>Founders first.</p>');
      expect(html).toContain('style="--brand-primary:#7C3AED;');
      expect(html).toContain(
        `<script type="application/json" data-answer-for="/api/organizations/by-slug/harbor-labs">${JSON.stringify(harbor)}</script></body>`,
      );
      expect(lookups).toEqual(['harbor-labs']);
    });

    it('sends gzip to a browser without brotli, and the page as it is to one with neither', async () => {
      expect(
        (await get('/org/harbor-labs', { 'accept-encoding': 'gzip' })).headers.get('content-encoding'),
      ).toBe('gzip');
      const plain = await get('/org/harbor-labs', { 'accept-encoding': 'identity' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toContain('<h1>Harbor &amp; Sons</h1>');
    });

    it('serves the app shell to a signed-in user, without asking for the branding', async () => {
      signedIn = true;
      expect(await (await get('/org/harbor-labs')).text()).toBe('<html>shell</html>');
      expect(lookups).toEqual([]);
    });

    it('serves the app shell for an unknown organization and when the lookup fails', async () => {
      expect(await (await get('/org/nobody')).text()).toBe('<html>shell</html>');
      failing = true;
      expect(await (await get('/org/harbor-labs')).text()).toBe('<html>shell</html>');
      expect(lookups).toEqual(['nobody', 'harbor-labs']);
    });

    it('never looks up what is no slug, nor answers what is not a page', async () => {
      for (const pathname of ['/org/Harbor_Labs', '/org/%E0%A4%A', '/org/harbor-labs/extra', '/org/']) {
        await get(pathname);
      }
      const api = await fetch(`${base}/org/harbor-labs`, { headers: { accept: 'application/json' } });
      expect(api.status).toBe(404);
      const post = await fetch(`${base}/org/harbor-labs`, {
        method: 'POST',
        headers: { accept: 'text/html' },
      });
      expect(post.status).toBe(404);
      expect(lookups).toEqual([]);
    });

    it("fills the template of the browser's language, on the organization's page and its custom domain", async () => {
      const spanish = await get('/org/harbor-labs', { 'accept-language': 'es-AR,es;q=0.9' });
      expect(spanish.headers.get('vary')).toMatch(/accept-language/i);
      const html = await spanish.text();
      expect(html).toMatch(/^<html lang="es">/);
      expect(html).toContain('<h1>Harbor &amp; Sons</h1>');
      expect(await (await get('/org/harbor-labs', { 'accept-language': 'de,en;q=0.5' })).text()).toMatch(
        /^<html lang="en">/,
      );
      expect((await getHome('ventures.harbor.example', 'es')).body).toContain('<html lang="es">');
    });

    it("serves `/` on the organization's custom domain filled in too, naming the organization for the app", async () => {
      const home = await getHome('ventures.harbor.example');
      const html = home.body;
      expect(html).toMatch(/^<html lang="en"><head><meta name="vr-organization" content="harbor-labs">/);
      expect(html).toContain('<h1>Harbor &amp; Sons</h1>');
      expect(html).toContain('data-answer-for="/api/organizations/by-slug/harbor-labs"');
      expect(home.link).toBe('</api/session>; rel=preload; as=fetch; crossorigin=use-credentials');
      // Elsewhere `/` is the landing page.
      expect(await (await get('/')).text()).toBe('<html>landing</html>');
    });
  });

  describe('with a build that has English templates only', () => {
    beforeAll(() => start('english only'));
    afterAll(stop);

    it('fills the English template for a Spanish browser too (the app renders it afresh in Spanish)', async () => {
      const html = await (await get('/org/harbor-labs', { 'accept-language': 'es' })).text();
      expect(html).toMatch(/^<html lang="en">/);
      expect(html).toContain('<h1>Harbor &amp; Sons</h1>');
    });
  });

  describe('with a build that has no templates', () => {
    beforeAll(() => start(false));
    afterAll(stop);

    it('serves the app shell as before, and names the organization in it on its custom domain', async () => {
      expect(await (await get('/org/harbor-labs')).text()).toBe('<html>shell</html>');
      expect((await getHome('ventures.harbor.example')).body).toBe('<html>shell</html>');
      expect(lookups).toEqual([]);
    });
  });
});
