/**
 * Pre-rendering (build time only, never shipped to browsers): the HTML of a public page as a visitor
 * first sees it, and the antd styles that HTML needs. web/build/prerender-pages.ts builds this module
 * for Node and writes each page's `index.html`; src/main.tsx hydrates it.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/es/utils';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { appRoutes } from './app/routes';
import { setSessionUser } from './entities/session-user/get-session-user';
import { createQueryClient } from './lib/query-client';

export { prerenderedPages } from './app/prerendered-pages';

export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** `<style>` elements with the antd rules the page uses (icons included). */
  styles: string;
}

/** `location`: the page's path, with the query its HTML should show (see `prerenderedPages`). */
export async function renderPage(location: string): Promise<RenderedPage> {
  const pathname = new URL(location, 'http://prerender.invalid').pathname;
  // Only a page every visitor may open is pre-rendered (a signed-out page too: signed-in users are served the
  // app shell instead), and only one the route table names.
  if (!appRoutes.some(({ route }) => route.path === pathname && route.access !== 'signed-in')) {
    throw new Error(`${pathname} is not a visitor's page of the route table`);
  }
  const queryClient = createQueryClient();
  // The visitor's version: nobody is signed in, and nothing is fetched.
  setSessionUser(queryClient, null);
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
