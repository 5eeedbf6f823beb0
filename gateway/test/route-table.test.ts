import { describe, expect, it } from '@jest/globals';
import {
  adminApi,
  authApi,
  cohortApi,
  contactApi,
  notificationApi,
  organizationApi,
  orgTemplateApi,
  ventureApi,
  ventureTeamApi,
  whiteLabelApi,
  whiteLabelInternalApi,
  workspaceApi,
  type RouteSpec,
} from '@app/contracts';
import { findRoute, type ServiceName } from '../src/route-table.ts';

/** Every public route of the contracts, by the service that serves it. */
const PUBLIC_ROUTES: Record<ServiceName, Record<string, RouteSpec>> = {
  auth: { ...authApi, ...notificationApi },
  venture: { ...ventureApi, ...ventureTeamApi, ...cohortApi, ...orgTemplateApi },
  organization: { ...organizationApi, ...workspaceApi, ...whiteLabelApi },
  contact: contactApi,
  admin: adminApi,
};

describe('the route table and the route contracts', () => {
  const cases = Object.entries(PUBLIC_ROUTES).flatMap(([service, routes]) =>
    Object.values(routes).map((route) => [`${route.method} ${route.path}`, service] as const),
  );

  it.each(cases)('%s is routed to the %s service', (key, service) => {
    const path = key.slice(key.indexOf(' ') + 1).replace(/:[A-Za-z]+/g, 'x');
    expect(findRoute(path)?.service).toBe(service);
  });

  it('routes no internal route', () => {
    expect(findRoute('/internal/users')).toBeUndefined();
    expect(findRoute(whiteLabelInternalApi.byHost.path.replace(':host', 'x.example'))).toBeUndefined();
  });
});
