/**
 * Pre-rendering (build time only, never shipped to browsers): the HTML of a public page as a visitor
 * first sees it, and the antd styles that HTML needs. web/build/prerender-pages.ts builds this module
 * for Node and writes each page's `index.html`; src/main.tsx hydrates it.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  DEFAULT_LANGUAGE,
  ORGANIZATION_PAGE_TOKENS,
  templateBranding,
  templateStyleText,
  type Language,
  type OrganizationPageVariant,
} from '@app/contracts';
import { iconStyles } from '@ant-design/icons/es/utils';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { appRoutes } from './app/routes';
import type { SeoOptions } from './components/seo-tags';
import { organizationBySlugQueryOptions } from './entities/organization/get-organization-by-slug';
import { setSessionUser } from './entities/session-user/get-session-user';
import { organizationSeo } from './features/organizations/organization-seo';
import { createQueryClient } from './lib/query-client';
import { activateLanguage } from './i18n/i18n';

// The page's head in the language of the last render (`renderPage`, `renderOrganizationTemplate`).
export { renderSeoHead } from '../build/prerender-meta';

export { prerenderedPages } from './app/prerendered-pages';
// For the build, which writes the templates (it reads the contracts through this bundle).
export {
  ORGANIZATION_PAGE_TEMPLATE_DIR,
  ORGANIZATION_PAGE_TOKENS,
  ORGANIZATION_PAGE_VARIANTS,
} from '@app/contracts';

export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** `<style>` elements with the antd rules the page uses (icons included). */
  styles: string;
}

/**
 * `location`: the page's path, with the query its HTML should show (see `prerenderedPages`); `language`: the
 * language it is rendered in (issue 22), which stays active until the next call.
 */
export async function renderPage(
  location: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<RenderedPage> {
  const pathname = new URL(location, 'http://prerender.invalid').pathname;
  // Only a page every visitor may open is pre-rendered (a signed-out page too: signed-in users are served the
  // app shell instead), and only one the route table names.
  if (!appRoutes.some(({ route }) => route.path === pathname && route.access !== 'signed-in')) {
    throw new Error(`${pathname} is not a visitor's page of the route table`);
  }
  await activateLanguage(language, false);
  return renderVisitorPage(location);
}

/** Where the templates of an organization's registration page are rendered (`/org/{the slug's stand-in}`). */
export const ORGANIZATION_TEMPLATE_LOCATION = `/org/${ORGANIZATION_PAGE_TOKENS.slug}`;

/** The metadata of an organization page's template, its stand-ins where the organization's values go. */
export function organizationTemplateSeo(variant: OrganizationPageVariant): SeoOptions {
  return { ...organizationSeo(templateBranding(variant)), path: ORGANIZATION_TEMPLATE_LOCATION };
}

/**
 * Issue 22: an organization's registration page as one variant's template in one language (`@app/contracts`'s
 * organization-page.ts), which the gateway fills with the organization's branding: rendered with the
 * stand-ins as its branding, its colours' style attribute then replaced by its own stand-in.
 */
export async function renderOrganizationTemplate(
  variant: OrganizationPageVariant,
  language: Language = DEFAULT_LANGUAGE,
): Promise<RenderedPage> {
  await activateLanguage(language, false);
  const match = matchRoutes(
    appRoutes.map(({ route }) => ({ path: route.path })),
    ORGANIZATION_TEMPLATE_LOCATION,
  );
  if (match?.[0]?.route.path !== '/org/:slug') throw new Error('the route table has no /org/:slug page');
  const page = await renderVisitorPage(ORGANIZATION_TEMPLATE_LOCATION, (queryClient) =>
    queryClient.setQueryData(
      organizationBySlugQueryOptions(ORGANIZATION_PAGE_TOKENS.slug).queryKey,
      templateBranding(variant),
    ),
  );
  const style = `style="${templateStyleText()}"`;
  if (page.html.split(style).length !== 2) {
    throw new Error(`the organization page's HTML must hold its colours in one attribute (${style})`);
  }
  return { ...page, html: page.html.replace(style, `style="${ORGANIZATION_PAGE_TOKENS.style}"`) };
}

/** The page at `location` as a visitor first sees it; `seed` gives the page's first read its answer. */
async function renderVisitorPage(
  location: string,
  seed?: (queryClient: QueryClient) => void,
): Promise<RenderedPage> {
  const pathname = new URL(location, 'http://prerender.invalid').pathname;
  const queryClient = createQueryClient();
  // The visitor's version: nobody is signed in, and nothing is fetched.
  setSessionUser(queryClient, null);
  seed?.(queryClient);
  const cache = createCache();
  // `prerender` waits for the lazy page chunks; boundaries are never outlined (React does so for large ones
  // when streaming), so the page sits in place and needs no inline script (which the CSP would block) to show.
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProvider queryClient={queryClient}>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StyleProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  if (/<template|<script|<!--\$[?!]/.test(html)) {
    throw new Error(`${pathname} did not render completely: its HTML would need scripts to show the page`);
  }
  // Icons add their base rules from an effect in the browser; the first paint needs them already.
  const icons = `<style data-prerendered-icons>${iconStyles.replace(/\s+/g, ' ').trim()}</style>`;
  // A page that renders no antd component leaves antd's cache empty. Its (empty) map of rules is left out:
  // it would hide the map of the build's antd rules (src/app/antd-static-styles.ts) from antd when the
  // visitor moves on to an antd page, and antd would compute every rule again.
  const antdStyles = cache.cache.size === 0 ? '' : `\n    ${extractStyle(cache)}`;
  return { html, styles: `${icons}${antdStyles}` };
}
