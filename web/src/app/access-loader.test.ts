import { jest } from '@jest/globals';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { writeSessionUser, type SessionUser } from '../entities/session-user/get-session-user';
import { createQueryClient } from '../lib/query-client';
import { sessionUserFixture } from '../testing/fixtures';
import { accessLoader } from './access-loader';

const user = sessionUserFixture();
const args = { request: new Request('http://localhost/account'), params: {} } as LoaderFunctionArgs;

function clientWithSession(sessionUser: SessionUser | null) {
  const queryClient = createQueryClient();
  writeSessionUser(queryClient, sessionUser);
  return queryClient;
}

async function run(loader: ReturnType<typeof accessLoader>) {
  if (!loader) throw new Error('expected a loader');
  return (await loader(args)) as Response | null;
}

describe('accessLoader (spec §2 access rules)', () => {
  it('when a signed-out visitor opens a signed-in page, then they are sent to /', async () => {
    const result = await run(accessLoader(clientWithSession(null), 'signed-in'));
    expect(result?.status).toBe(302);
    expect(result?.headers.get('Location')).toBe('/');
  });

  it('when a signed-in user opens a signed-in page, then it renders', async () => {
    await expect(run(accessLoader(clientWithSession(user), 'signed-in'))).resolves.toBeNull();
  });

  it('when a signed-in user opens a signed-out page, then they are sent to /', async () => {
    const result = await run(accessLoader(clientWithSession(user), 'signed-out'));
    expect(result?.headers.get('Location')).toBe('/');
  });

  it('when a signed-out visitor opens a signed-out page, then it renders', async () => {
    await expect(run(accessLoader(clientWithSession(null), 'signed-out'))).resolves.toBeNull();
  });

  it('when a page is public, then no check runs', () => {
    expect(accessLoader(clientWithSession(null), 'public')).toBeUndefined();
  });

  it('when the session lookup fails, then the visitor counts as signed out', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = jest.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
    try {
      const result = await run(accessLoader(createQueryClient(), 'signed-in'));
      expect(result?.headers.get('Location')).toBe('/');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
