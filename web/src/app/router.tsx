import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { loadSessionUser, sessionUserQueryOptions } from '../entities/session-user/get-session-user';
import { AccessGuard } from './access-guard';
import { AppLayout } from './layout/app-layout';
import { ErrorBoundary } from './route-error';
import { appRoutes, pageAt } from './routes';

/*
 * The route tree, shared by the browser (src/app/app.tsx, inside a BrowserRouter) and the build's
 * pre-rendering (src/entry-server.tsx, inside a StaticRouter). Declarative routes: the pages load their
 * own data with react-query, so the router needs no loaders, and the landing page ships without the data
 * router's code (issue 22: its JavaScript budget).
 */

/** Holds every page behind a spinner until the session is known (spec §2: access depends on it). */
function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const known = () => queryClient.getQueryData(sessionUserQueryOptions().queryKey) !== undefined;
  const [ready, setReady] = useState(known);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ready) return;
    let live = true;
    // Issue 22: a signed-in page's code and first data load while the session does, not after it.
    const found = pageAt(pathname);
    const page = found?.page;
    // After the spinner's first paint, though: requested before it, those chunks count against the first
    // contentful paint (Lighthouse's simulation measured it 1 s later).
    let painted: number | undefined;
    const access = page?.route.access;
    const prefetch = page?.prefetch;
    // A public page's first request reads nobody's data (an organization's branding): it starts now, beside
    // the session check, and the page's code after the first paint.
    const publicPrefetch =
      access === 'public' && prefetch !== undefined && prefetch(found!.params, queryClient) !== false;
    const preload = access === 'signed-in' || publicPrefetch ? page!.Component.preload : undefined;
    // A signed-in page with a first request loads its code once that request is on its way: its forty-odd
    // chunks, asked for first, queued ahead of it on HTTP/1.1's six connections per host (the roadmap's
    // venture answered after most of them, and its placeholder waited for it).
    const frame =
      preload && (!prefetch || publicPrefetch)
        ? requestAnimationFrame(() => {
            painted = window.setTimeout(() => void preload());
          })
        : undefined;
    void loadSessionUser(queryClient).then((user) => {
      if (user && access === 'signed-in' && prefetch) {
        void prefetch(found!.params, queryClient);
        void preload?.();
      }
      if (live) setReady(true);
    });
    return () => {
      live = false;
      if (frame !== undefined) cancelAnimationFrame(frame);
      window.clearTimeout(painted);
    };
    // The path the app opened on: later navigations happen once the session is known.
  }, [queryClient, ready]);
  return ready ? children : <PageSpinner />;
}

/** Every page, inside the layout (header, main, footer), behind its access rule. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <SessionGate>
        <Routes>
          <Route element={<AppLayout />}>
            {appRoutes.map(({ route, Component, placeholder: Placeholder }) => (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <AccessGuard access={route.access}>
                    {Placeholder ? (
                      <Suspense fallback={<Placeholder />}>
                        <Component />
                      </Suspense>
                    ) : (
                      <Component />
                    )}
                  </AccessGuard>
                }
              />
            ))}
          </Route>
        </Routes>
      </SessionGate>
    </ErrorBoundary>
  );
}
