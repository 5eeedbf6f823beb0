import { Suspense, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { ErrorBoundary } from '../route-error';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ScrollOnNavigate } from './scroll-on-navigate';
import { ToastSlot } from './toast-slot';
import { useT } from '../../i18n/i18n';

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
  const t = useT();
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        {t('Skip to main content')}
      </a>
      <AppHeader />
      <main id={MAIN_ID} className="app-main" tabIndex={-1}>
        {/* A page that fails keeps the header and footer around its error; leaving it recovers. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <AppFooter />
      <ToastSlot />
      <ScrollOnNavigate />
    </div>
  );
}
