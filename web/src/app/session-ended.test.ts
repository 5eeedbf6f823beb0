import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { watchSessionEnded } from './session-ended';
import { msg } from '../i18n/i18n';

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
}

const ended = new ApiError(
  401,
  'Unauthorized',
  { code: 'AUTH.UNAUTHENTICATED', message: msg('Not authenticated') },
  'Not authenticated',
);
const wrongPassword = new ApiError(
  401,
  'Unauthorized',
  { code: 'AUTH.INVALID_CREDENTIALS', message: msg('Invalid') },
  'Invalid',
);

describe('a call that finds the session gone', () => {
  it('forgets the user and goes to sign in with a way back to the page', async () => {
    const queryClient = client();
    queryClient.setQueryData(['/api/session'], { id: 'u1' });
    const visits: string[] = [];
    const stop = watchSessionEnded(
      queryClient,
      (to) => visits.push(to),
      () => ({
        pathname: '/ventures/65f0c0ffee00000000000001',
        search: '',
      }),
    );
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(ended) })
      .execute(undefined)
      .catch(() => undefined);
    expect(visits).toEqual(['/auth?next=%2Fventures%2F65f0c0ffee00000000000001']);
    expect(queryClient.getQueryData(['/api/session'])).toBeNull();
    stop();
  });

  it('leaves other 401s (a wrong password) to the page', async () => {
    const queryClient = client();
    const visits: string[] = [];
    const stop = watchSessionEnded(
      queryClient,
      (to) => visits.push(to),
      () => ({ pathname: '/account', search: '' }),
    );
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(wrongPassword) })
      .execute(undefined)
      .catch(() => undefined);
    expect(visits).toEqual([]);
    stop();
  });
});
