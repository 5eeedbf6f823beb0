import type { RouteAnswer, cohortApi } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/*
 * Issue 18: the cohort reads. Keys are hierarchical and built only here: ['programs', 'dashboard', id],
 * ['mentoring', 'ventures'], ['enrolments'].
 */

export function getCohortDashboard(
  programId: string,
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof cohortApi.getDashboard>> {
  return api.get(`/api/programs/${encodeURIComponent(programId)}/dashboard`, { signal });
}

export function cohortDashboardQueryOptions(programId: string) {
  return queryOptions({
    queryKey: ['programs', 'dashboard', programId] as const,
    queryFn: ({ signal }) => getCohortDashboard(programId, signal),
  });
}

export function useCohortDashboard(programId: string) {
  return useQuery(cohortDashboardQueryOptions(programId));
}

/** The CSV download's address (a plain link: the browser sends the session cookie and saves the file). */
export function cohortCsvHref(programId: string): string {
  return `/api/programs/${encodeURIComponent(programId)}/export.csv`;
}

export function getMentoredVentures(
  signal?: AbortSignal,
): Promise<RouteAnswer<typeof cohortApi.listMentoredVentures>> {
  return api.get('/api/mentoring/ventures', { signal });
}

export function mentoredVenturesQueryOptions() {
  return queryOptions({
    queryKey: ['mentoring', 'ventures'] as const,
    queryFn: ({ signal }) => getMentoredVentures(signal),
  });
}

export function useMentoredVentures() {
  return useQuery(mentoredVenturesQueryOptions());
}

export function enrolmentsQueryOptions() {
  return queryOptions({
    queryKey: ['enrolments'] as const,
    queryFn: ({ signal }): Promise<RouteAnswer<typeof cohortApi.listMyEnrolments>> =>
      api.get('/api/enrolments', { signal }),
  });
}
