import { jest } from '@jest/globals';
import { ApiError } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import type { User } from '../types';
import { getUser, sessionQueryKey, setSessionUser } from './get-user';

const user: User = {
  id: '65f0c0ffee0000000000beef',
  username: 'jane.doe@example.com',
  isAdmin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  isActive: true,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the session lookup (spec §4 "Session")', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('when GET /api/user answers the user, then that user is signed in', async () => {
    const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(json(user));
    globalThis.fetch = fetchMock;
    await expect(getUser()).resolves.toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
  });

  it('when GET /api/user answers 401, then nobody is signed in and nothing is thrown', async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(json({ message: 'Not signed in' }, 401));
    await expect(getUser()).resolves.toBeNull();
  });

  it('when GET /api/user fails otherwise, then the error is raised for the caller to treat as signed out', async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(json({ message: 'Upstream down' }, 502));
    await expect(getUser()).rejects.toEqual(expect.any(ApiError));
  });
});

describe('setSessionUser', () => {
  it('when the signed-in user changes, then the previous session’s cached data is dropped', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['ventures', 'list'], [{ id: 1 }]);
    queryClient.setQueryData(sessionQueryKey, { ...user, username: 'previous@example.com' });

    setSessionUser(queryClient, user);

    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
    expect(queryClient.getQueryData(['ventures', 'list'])).toBeUndefined();
  });

  it('when signing out, then the session becomes null', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, user);
    setSessionUser(queryClient, null);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });
});
