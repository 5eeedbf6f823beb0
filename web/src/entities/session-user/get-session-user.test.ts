import { jest } from '@jest/globals';
import { ApiError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { sessionUserFixture } from '../../testing/fixtures';
import {
  getSessionUser,
  sessionUserQueryOptions,
  setSessionUser,
  writeSessionUser,
} from './get-session-user';

const sessionQueryKey = sessionUserQueryOptions().queryKey;

const user = sessionUserFixture();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('the session lookup (spec §4 "Session")', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('when GET /api/session answers a user, then that user is signed in', async () => {
    const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(json({ user }));
    globalThis.fetch = fetchMock;
    await expect(getSessionUser()).resolves.toEqual(user);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/session');
  });

  it('when GET /api/session answers no user, then nobody is signed in', async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(json({ user: null }));
    await expect(getSessionUser()).resolves.toBeNull();
  });

  it('when GET /api/session fails, then the error is raised for the caller to treat as signed out', async () => {
    globalThis.fetch = jest.fn<typeof fetch>().mockResolvedValue(json({ message: 'Upstream down' }, 502));
    await expect(getSessionUser()).rejects.toEqual(expect.any(ApiError));
  });
});

describe('setSessionUser', () => {
  it('when the signed-in user changes, then the previous session’s cached data is dropped', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['ventures', 'list'], [{ id: 1 }]);
    writeSessionUser(queryClient, { ...user, username: 'previous@example.com' });

    setSessionUser(queryClient, user);

    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
    expect(queryClient.getQueryData(['ventures', 'list'])).toBeUndefined();
  });

  it('when signing out, then the session becomes null', () => {
    const queryClient = createQueryClient();
    writeSessionUser(queryClient, user);
    setSessionUser(queryClient, null);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('when public data is to be kept, then it survives the change of session and the rest is dropped', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['organizations', 'by-slug', 'acme'], { name: 'Acme' });
    queryClient.setQueryData(['ventures', 'list'], [{ id: 1 }]);

    setSessionUser(queryClient, user, { keep: [{ queryKey: ['organizations'] }] });

    expect(queryClient.getQueryData(['organizations', 'by-slug', 'acme'])).toEqual({ name: 'Acme' });
    expect(queryClient.getQueryData(['ventures', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(user);
  });
});
