import { Suspense, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ToastSlot } from './toast-slot';

const MAIN_ID = 'main-content';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus moves without touching the URL, which the router owns.
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  main?.focus();
  main?.scrollIntoView();
}

/** Every page: skip link, header, main landmark, footer. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <AppHeader />
      <main id={MAIN_ID} className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <ToastSlot />
      <ScrollRestoration />
    </div>
  );
}
