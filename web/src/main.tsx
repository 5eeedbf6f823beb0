import './lib/strict-csp';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, isLanguage } from '@app/contracts';
import { App } from './app/app';
import { showsPrerenderedPage } from './app/prerendered-paths';
import { prefetchPublicPage, preloadPage } from './app/routes';
import { holdEarlyTaps } from './app/layout/early-taps';
import { holdEarlySubmits } from './components/plain-form/early-input';
import { loadSessionUser } from './entities/session-user/get-session-user';
import { activateLanguage, detectLanguage } from './i18n/i18n';
import { queryClient } from './lib/query-client';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render the app into');

function render(hydrating: boolean): void {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  if (hydrating) {
    // As a transition, hydration yields to the browser between components instead of blocking the main
    // thread until the whole page is done; the page is already visible meanwhile.
    startTransition(() => {
      hydrateRoot(container!, app);
    });
    return;
  }
  // A signed-in user on a pre-rendered page: the visitor's HTML gives way to the user's page.
  container!.replaceChildren();
  createRoot(container!).render(app);
}

/**
 * Pre-rendered public pages (`data-prerendered` on #root) already show the visitor's page. Once the
 * session is known, a visitor's page is hydrated as it is; a signed-in user gets the app rendered
 * afresh (their header, or the home redirect on `/`). Every other page renders from the empty shell.
 */
/**
 * Issue 21: the language to start in is the signed-in user's, else the visitor's last choice or the browser's.
 * Pre-rendered pages come in each language (issue 22: the gateway serves the one of the browser's language,
 * `<html lang>` says which); a page in another language than the app starts in (a visitor's remembered choice)
 * renders afresh once its catalogue is loaded.
 */
async function start(language = detectLanguage()): Promise<void> {
  // Read before `activateLanguage` marks the document with the language the app starts in.
  const pageLanguage = isLanguage(document.documentElement.lang)
    ? document.documentElement.lang
    : DEFAULT_LANGUAGE;
  if (
    container!.dataset.prerendered !== undefined &&
    showsPrerenderedPage(window.location.pathname, window.location.search)
  ) {
    // The visitor may already type into and submit the page's forms, and tap the menu toggle: keep that for
    // the hydrated page.
    holdEarlySubmits();
    holdEarlyTaps();
    // The page's own code, while the session loads: its HTML names no preloads (build/prerender-pages.ts).
    preloadPage(window.location.pathname);
    // A page the gateway filled in (an organization's) hydrates with the answer it was filled with, embedded.
    const [user] = await Promise.all([
      loadSessionUser(queryClient),
      prefetchPublicPage(window.location.pathname, queryClient),
    ]);
    const chosen = user?.language ?? language;
    await activateLanguage(chosen, user?.language !== undefined);
    render(user === null && chosen === pageLanguage);
    return;
  }
  await activateLanguage(language, false);
  render(false);
}

void start();
