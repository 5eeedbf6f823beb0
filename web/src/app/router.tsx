import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { loadSessionUser } from '../entities/session-user/get-session-user';
import { accessLoader } from './access-loader';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { appRoutes } from './routes';

/** The id of the root route, whose loader reads the session. */
export const ROOT_ROUTE_ID = 'root';

/** The route tree, shared by the browser router and the build's pre-rendering (src/entry-server.tsx). */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: AppLayout,
      // The session is known before the first page renders; meanwhile a spinner shows.
      loader: async () => {
        await loadSessionUser(queryClient);
        return null;
      },
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          // A page that fails keeps the header and footer around its error.
          ErrorBoundary: RouteError,
          children: appRoutes.map(({ route, Component }) => ({
            path: route.path,
            Component,
            loader: accessLoader(queryClient, route.access),
          })),
        },
      ],
    },
  ];
}

/**
 * The browser router. `hydrationData` is given when the page's HTML was pre-rendered: the router then
 * starts with the root loader's result instead of showing the spinner, so hydration finds the same markup.
 */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createAppRoutes(queryClient), hydrationData ? { hydrationData } : undefined);
}

/** What the root loader returns, as pre-rendered pages give it to the router. */
export const prerenderedHydrationData: HydrationState = { loaderData: { [ROOT_ROUTE_ID]: null } };
