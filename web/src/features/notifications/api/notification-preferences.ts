import type { notificationApi, RouteAnswer, RouteBody } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type NotificationPreferences = RouteAnswer<typeof notificationApi.getPreferences>;
export type NotificationPreferencesChange = RouteBody<typeof notificationApi.updatePreferences>;

const PATH = '/api/user/notification-preferences';

/** GET /api/user/notification-preferences: the signed-in user's e-mail preferences. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return api.get(PATH, { signal });
}

/** PATCH …: only the keys sent change; the answer is the whole set. */
export function updateNotificationPreferences(
  change: NotificationPreferencesChange,
): Promise<NotificationPreferences> {
  return api.patch(PATH, change);
}

/** The key is the GET path (the default query function's convention). */
export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: [PATH] as const,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) =>
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, preferences),
  });
}
