import type { MyOrganization } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/*
 * Issue 18: the organizations the signed-in user is staff of (the account menu's "Workspace: …" entries).
 * The session's own data: signing in or out drops it with every other query.
 */

/** GET /api/orgs. */
export function getMyOrganizations(signal?: AbortSignal): Promise<MyOrganization[]> {
  return api.get('/api/orgs', { signal });
}

export function myOrganizationsQueryOptions() {
  return queryOptions({
    queryKey: ['workspaces', 'mine'] as const,
    queryFn: ({ signal }) => getMyOrganizations(signal),
  });
}

export function useMyOrganizations(enabled = true) {
  return useQuery({ ...myOrganizationsQueryOptions(), enabled });
}
