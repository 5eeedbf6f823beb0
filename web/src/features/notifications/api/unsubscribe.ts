import type { notificationApi, RouteAnswer } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/unsubscribe?token=… (signed out): the signed token names the user and the kind of e-mail. */
export function unsubscribe(token: string): Promise<RouteAnswer<typeof notificationApi.unsubscribe>> {
  return api.post(`/api/unsubscribe?${new URLSearchParams({ token }).toString()}`);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
