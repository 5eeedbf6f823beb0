import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AppError, callRoute, createInternalClient, type InternalClient, type Logger } from '@app/common';
import {
  DEFAULT_LANGUAGE,
  fillOrganizationPage,
  languageFromAcceptLanguage,
  LANGUAGES,
  ORGANIZATION_PAGE_TEMPLATE_DIR,
  ORGANIZATION_PAGE_VARIANTS,
  organizationApi,
  organizationPageVariant,
  publicFirstReadOf,
  SESSION_READ_PATH,
  prerenderedFileIn,
  SLUG_PATTERN,
  type Language,
  type OrganizationBranding,
  type OrganizationPageVariant,
} from '@app/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { preloadLink } from './static.ts';

/*
 * Issue 22: a visitor's `/org/{slug}` arrives showing the organization's registration page, as the
 * pre-rendered public pages do, instead of a spinner until the app has loaded and read the branding. The
 * web build writes the page's templates (`organization-page/<variant>.html`); the gateway reads the
 * branding from the organization service, fills the template in and embeds the answer, which the app
 * hydrates the page with (`fillOrganizationPage` in @app/contracts). Signed-in users, unknown or inactive
 * organizations, a build without templates and a lookup that fails all get the app shell as before.
 */

/** An organization's branding; null for an unknown or inactive one; throws when the service cannot answer. */
export type BrandingLookup = (slug: string) => Promise<OrganizationBranding | null>;

/** Where the gateway's own calls to the organization service go. */
export interface OrganizationServiceOptions {
  /** Unset (no organization service configured): nothing is ever found. */
  organizationUrl: string | undefined;
  secret: string;
  timeoutMs: number;
}

/**
 * One of the gateway's lookups on the organization service (`call`, with the gateway's identity): its
 * answer, null for a 404 (or when no service is configured); any other failure throws.
 */
export function organizationServiceLookup<Key, Answer>(
  opts: OrganizationServiceOptions,
  call: (client: InternalClient, key: Key) => Promise<Answer>,
): (key: Key) => Promise<Answer | null> {
  if (!opts.organizationUrl) return async () => null;
  const client = createInternalClient({
    caller: 'gateway',
    secret: opts.secret,
    baseUrls: { organization: opts.organizationUrl },
    timeoutMs: opts.timeoutMs,
  });
  return async (key) => {
    try {
      return await call(client, key);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  };
}

/** The organization service's public `GET /api/organizations/by-slug/:slug`, 404 → null. */
export function organizationBrandingLookup(opts: OrganizationServiceOptions): BrandingLookup {
  return organizationServiceLookup(opts, (client, slug: string) =>
    callRoute(client, 'organization', organizationApi.getBranding, { params: { slug }, parse: true }),
  );
}

type Templates = Readonly<Record<OrganizationPageVariant, string>>;

/** The templates of one language, one per variant; undefined when the build wrote none. */
function readTemplatesIn(dir: string, language: Language): Templates | undefined {
  const files = ORGANIZATION_PAGE_VARIANTS.map((variant) =>
    path.join(dir, prerenderedFileIn(`${variant}.html`, language)),
  );
  if (!files.every((file) => existsSync(file))) return undefined;
  return Object.fromEntries(
    ORGANIZATION_PAGE_VARIANTS.map((variant, index) => [variant, readFileSync(files[index]!, 'utf8')]),
  ) as Record<OrganizationPageVariant, string>;
}

/**
 * The build's templates per language (`plain.html`, `plain.es.html`…); undefined when the build wrote no
 * English ones (an older build). A language without its own templates gets the English ones, which the app
 * renders afresh in that language.
 */
export function readOrganizationTemplates(dist: string): Readonly<Record<Language, Templates>> | undefined {
  const dir = path.join(path.resolve(dist), ORGANIZATION_PAGE_TEMPLATE_DIR);
  const english = readTemplatesIn(dir, DEFAULT_LANGUAGE);
  if (!english) return undefined;
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, readTemplatesIn(dir, language) ?? english]),
  ) as Record<Language, Templates>;
}

/**
 * A page made for this request, compressed as the static files are (brotli first), at a quick level, never
 * reused unchecked, with the session as the one read the app makes before it hydrates the page.
 */
export function sendHtml(req: Request, res: Response, html: string): void {
  res.setHeader('cache-control', 'no-cache');
  res.setHeader('link', preloadLink([SESSION_READ_PATH]));
  res.vary('accept-encoding');
  res.type('html');
  const body = Buffer.from(html);
  if (req.acceptsEncodings('br') === 'br') {
    res.setHeader('content-encoding', 'br');
    res.send(
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    return;
  }
  if (req.acceptsEncodings('gzip') === 'gzip') {
    res.setHeader('content-encoding', 'gzip');
    res.send(gzipSync(body, { level: 6 }));
    return;
  }
  res.send(body);
}

/**
 * The organization's page for a visitor, filled in; undefined when there is none to fill (no templates in the
 * build, an unknown or inactive organization, a lookup that failed: the app shell serves the page then).
 */
export type OrganizationPageRenderer = (slug: string, language: Language) => Promise<string | undefined>;

export function organizationPageRenderer(opts: {
  dist: string;
  branding: BrandingLookup;
  logger?: Logger;
}): OrganizationPageRenderer {
  const templates = readOrganizationTemplates(opts.dist);
  return async (slug, language) => {
    const read = publicFirstReadOf(`/org/${slug}`);
    // Anything else is no organization's slug: the app says so, as before.
    if (!templates || !SLUG_PATTERN.test(slug) || read === undefined) return undefined;
    let branding: OrganizationBranding | null;
    try {
      branding = await opts.branding(slug);
    } catch (err) {
      opts.logger?.warn({ err, slug }, 'organization branding lookup failed; the app shell serves the page');
      return undefined;
    }
    if (!branding) return undefined;
    return fillOrganizationPage(templates[language][organizationPageVariant(branding)], slug, read, branding);
  };
}

const PAGE = /^\/org\/([^/]+)$/;

/** `GET /org/{slug}` for a visitor: the organization's page, filled in; everything else goes on. */
export function organizationPage(opts: {
  render: OrganizationPageRenderer;
  /** Never rejects (a store failure counts as a visitor). */
  signedIn: (req: Request, res: Response) => Promise<boolean>;
}): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const encoded = PAGE.exec(req.path)?.[1];
    if (encoded === undefined || !req.accepts('html')) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(encoded);
    } catch {
      return next();
    }
    if (!SLUG_PATTERN.test(slug)) return next();
    void (async () => {
      // The page depends on who asks and in which language (the browser's, as on the pre-rendered pages).
      res.vary('cookie');
      res.vary('accept-language');
      if (await opts.signedIn(req, res)) return next();
      const html = await opts.render(slug, languageFromAcceptLanguage(req.get('accept-language')));
      if (html === undefined) return next();
      sendHtml(req, res, html);
    })().catch(next);
  };
}
