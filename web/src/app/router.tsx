import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { loadSessionUser } from '../features/auth/api/get-user';
import { accessLoader } from './access-loader';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { appRoutes } from './routes';

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      id: 'root',
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
  ]);
}
