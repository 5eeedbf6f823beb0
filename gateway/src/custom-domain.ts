import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { callRoute, type Logger } from '@app/common';
import {
  escapeHtml,
  languageFromAcceptLanguage,
  publicFirstReadOf,
  SESSION_READ_PATH,
  whiteLabelInternalApi,
  type HostOrganization,
} from '@app/contracts';
import type { Request, RequestHandler, Response } from 'express';
import {
  organizationServiceLookup,
  sendHtml,
  type OrganizationPageRenderer,
  type OrganizationServiceOptions,
} from './organization-page.ts';
import { preloadLink } from './static.ts';

/*
 * Issue 19, custom domains: an organization's own hostname (`ventures.northgate.example`) points at the
 * gateway. The gateway resolves the request's host to the organization (the organization service's
 * internal `by-host` route, cached), serves its branded registration at `/` to visitors, and trusts that
 * origin for state-changing calls. Unknown hosts behave as before.
 */

/** The organization of a host, or null; never throws (a failed lookup is "not a custom domain" now). */
export interface HostResolver {
  resolve(host: string): Promise<HostOrganization | null>;
}

export interface HostResolverOptions {
  /** The organization service's answer: the organization, null for 404; throws when it cannot answer. */
  lookup(host: string): Promise<HostOrganization | null>;
  /** How long an answer (found or not) is reused. */
  ttlMs: number;
  /** At most this many hosts are kept; the least recently used goes first. */
  maxEntries: number;
  /** Hosts never looked up (the platform's own, loopback): always null. */
  ignore?: ReadonlySet<string>;
  clock?: () => number;
  logger?: Logger;
}

/**
 * A bounded, short-lived cache in front of the lookup: positive and negative answers alike are kept for
 * `ttlMs` (so a stranger's random Host headers cost one lookup each per TTL, and never more than
 * `maxEntries` of memory); concurrent lookups of one host share one call; a failed lookup is not cached.
 */
export function createHostResolver(opts: HostResolverOptions): HostResolver {
  const clock = opts.clock ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<HostOrganization | null> }>();
  return {
    async resolve(rawHost) {
      const host = rawHost.trim().toLowerCase().replace(/\.$/, '');
      if (host === '' || opts.ignore?.has(host)) return null;
      const now = clock();
      const cached = entries.get(host);
      if (cached && now - cached.at < opts.ttlMs) {
        // Most recently used last: the first key is the one to evict.
        entries.delete(host);
        entries.set(host, cached);
        return cached.value;
      }
      entries.delete(host);
      const value = opts.lookup(host);
      entries.set(host, { at: now, value });
      while (entries.size > opts.maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      try {
        return await value;
      } catch (err) {
        if (entries.get(host)?.value === value) entries.delete(host);
        opts.logger?.warn({ err, host }, 'custom domain lookup failed; served as an unknown host');
        return null;
      }
    },
  };
}

/** The organization service's `GET /internal/organizations/by-host/:host`, 404 → null. */
export function organizationHostLookup(
  opts: OrganizationServiceOptions,
): (host: string) => Promise<HostOrganization | null> {
  return organizationServiceLookup(opts, (client, host: string) =>
    callRoute(client, 'organization', whiteLabelInternalApi.byHost, { params: { host }, parse: true }),
  );
}

/** The platform's own hosts: PUBLIC_URL's and, outside production, the loopback names. */
export function platformHosts(publicUrls: readonly string[], production: boolean): Set<string> {
  const hosts = new Set(publicUrls.map((url) => new URL(url).hostname.toLowerCase()));
  if (!production) for (const host of ['localhost', '127.0.0.1', '[::1]', '::1']) hosts.add(host);
  return hosts;
}

/**
 * Whether a state-changing call's Origin is an organization's custom domain: https on the default port in
 * production (http too, any port, elsewhere), and a host that resolves to an active organization.
 */
export function customDomainOrigin(
  resolver: HostResolver,
  production: boolean,
): (origin: string) => Promise<boolean> {
  return async (origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.origin !== origin) return false;
    if (production ? url.protocol !== 'https:' || url.port !== '' : !/^https?:$/.test(url.protocol))
      return false;
    return (await resolver.resolve(url.hostname)) !== null;
  };
}

/** A page naming the organization in `<meta name="vr-organization">`: the web app renders its registration at `/`. */
export function withOrganizationMeta(page: string, org: HostOrganization): string {
  return page.replace(
    /<head>/i,
    () => `<head><meta name="vr-organization" content="${escapeHtml(org.slug)}">`,
  );
}

/** The app shell naming the organization (`withOrganizationMeta`), with the title "Register with <name>". */
export function customDomainShell(shell: string, org: HostOrganization): string {
  const title = `<title>Register with ${escapeHtml(org.name)}</title>`;
  const titled = /<title>[^<]*<\/title>/.test(shell)
    ? shell.replace(/<title>[^<]*<\/title>/, title)
    : shell.replace(/<head>/i, `<head>${title}`);
  return withOrganizationMeta(titled, org);
}

/** The organization's branding read, the one its registration page `/org/{slug}` starts with. */
function brandingReadOf(slug: string): string[] {
  const read = publicFirstReadOf(`/org/${slug}`);
  return read === undefined ? [] : [read];
}

/**
 * `GET /` on an organization's custom domain, for a visitor: its branded registration, filled in from the
 * build's template as at `/org/{slug}`, else the app shell naming the organization. Signed-in users, other
 * paths and every other host go on (the web app as usual).
 */
export function customDomainHome(opts: {
  dist: string;
  resolver: HostResolver;
  signedIn: (req: Request, res: Response) => Promise<boolean>;
  /** Issue 22: the organization's page filled in from the build's template, as at `/org/{slug}`. */
  renderOrganizationPage?: OrganizationPageRenderer;
}): RequestHandler {
  const root = path.resolve(opts.dist);
  const shellFile = [path.join(root, '200.html'), path.join(root, 'index.html')].find((file) =>
    existsSync(file),
  );
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/' || !req.accepts('html'))
      return next();
    if (!shellFile) return next();
    const host = req.hostname;
    if (!host) return next();
    void (async () => {
      const org = await opts.resolver.resolve(host);
      if (!org) return next();
      // The page depends on the host, on who asks and in which language.
      res.vary('cookie');
      res.vary('accept-language');
      if (await opts.signedIn(req, res)) return next();
      const filled = await opts.renderOrganizationPage?.(
        org.slug,
        languageFromAcceptLanguage(req.get('accept-language')),
      );
      if (filled !== undefined) return sendHtml(req, res, withOrganizationMeta(filled, org));
      const shell = await readFile(shellFile, 'utf8');
      res.setHeader('cache-control', 'no-cache');
      // Its first reads start with the page, as on `/org/{slug}`: the session and the branding.
      res.setHeader('link', preloadLink([SESSION_READ_PATH, ...brandingReadOf(org.slug)]));
      res.type('html').send(customDomainShell(shell, org));
    })().catch(next);
  };
}
