import { jest } from '@jest/globals';
import { ADMIN_STALE_TIME_MS, createQueryClient } from './query-client';

describe('query client defaults (spec §4 "Data fetching")', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('when created, then queries never refetch on focus, never retry and stay fresh; mutations never retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchOnWindowFocus: false,
      retry: false,
      staleTime: Infinity,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
    expect(ADMIN_STALE_TIME_MS).toBe(60_000);
  });

  it('when a query has no query function, then it GETs the path in its key', async () => {
    const fetchMock = jest
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(JSON.stringify({ userCount: 3 }), { headers: { 'content-type': 'application/json' } }),
      );
    globalThis.fetch = fetchMock;

    const data = await createQueryClient().fetchQuery({ queryKey: ['/api/admin/stats'] });

    expect(data).toEqual({ userCount: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/stats');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('when the key does not start with an API path, then the query fails without a request', async () => {
    const fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    await expect(createQueryClient().fetchQuery({ queryKey: ['ventures', 'list'] })).rejects.toThrow(
      /API path/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
