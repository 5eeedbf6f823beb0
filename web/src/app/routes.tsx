import type { ComponentType } from 'react';
import { paths, type RouteEntry } from '../config/paths';
import { HomeRoute } from './home-route';
import { lazyPage } from './lazy-page';

export interface AppRoute {
  /** The entry of `paths`; its `access` decides who may open the page. */
  route: RouteEntry;
  Component: ComponentType;
}

/**
 * The registered pages. To add a page, add one line with its `paths` entry and a
 * `lazyPage(...)` import; the router applies the entry's access rule.
 */
export const appRoutes: readonly AppRoute[] = [
  { route: paths.home, Component: HomeRoute },
  { route: paths.auth, Component: lazyPage(() => import('../features/auth/pages/auth-page'), 'AuthPage') },
  { route: paths.notFound, Component: lazyPage(() => import('./not-found-page'), 'NotFoundPage') },
];
