import type { RouteAnswer, RouteBody, ssoApi } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SsoStartInput = RouteBody<typeof ssoApi.start>;

/** Issue 19: "Continue with SSO": where to send the browser (the organization's identity provider). */
export function startSso(input: SsoStartInput): Promise<RouteAnswer<typeof ssoApi.start>> {
  return api.post('/api/sso/start', input);
}

export const useStartSso = () => useMutation({ mutationFn: startSso });
