import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { loadSessionUser, sessionUserQueryOptions } from '../entities/session-user/get-session-user';
import { AccessGuard } from './access-guard';
import { AppLayout } from './layout/app-layout';
import { ErrorBoundary } from './route-error';
import { appRoutes } from './routes';

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
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadSessionUser(queryClient).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
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
            {appRoutes.map(({ route, Component }) => (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <AccessGuard access={route.access}>
                    <Component />
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
