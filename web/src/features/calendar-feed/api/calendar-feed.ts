import type { CalendarFeedCreated, CalendarFeedStatus } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PATH = '/api/calendar-feed';

/** The key is the GET path (the default query function's convention). */
export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: [PATH] as const,
    queryFn: ({ signal }) => api.get<CalendarFeedStatus>(PATH, { signal }),
  });
}

/** GET /api/calendar-feed: whether the user has a feed URL (never the URL itself). */
export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST /api/calendar-feed: a new URL (the old one stops working), shown once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedCreated>(PATH),
    onSuccess: (created) =>
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, {
        active: true,
        createdAt: created.createdAt,
        lastFetchedAt: null,
      }),
  });
}

/** DELETE /api/calendar-feed: the URL stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ success: true }>(PATH),
    onSuccess: () =>
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, {
        active: false,
        createdAt: null,
        lastFetchedAt: null,
      }),
  });
}
