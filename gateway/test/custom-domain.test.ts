import {
  createHostResolver,
  customDomainOrigin,
  customDomainShell,
  platformHosts,
} from '../src/custom-domain.ts';
import { csrfProtection } from '../src/security/csrf.ts';

const northgate = { slug: 'northgate', name: 'Northgate Venture Lab' };

function lookupOf(table: Record<string, typeof northgate>) {
  const calls: string[] = [];
  let failing = false;
  return {
    calls,
    fail(value: boolean) {
      failing = value;
    },
    lookup: async (host: string) => {
      calls.push(host);
      if (failing) throw new Error('organization service down');
      return table[host] ?? null;
    },
  };
}

describe('the custom domain resolver (issue 19)', () => {
  test('when a host is asked twice within the TTL, then the organization service is asked once; after it, again', async () => {
    let now = 1_000;
    const source = lookupOf({ 'ventures.northgate.example': northgate });
    const resolver = createHostResolver({
      lookup: source.lookup,
      ttlMs: 60_000,
      maxEntries: 10,
      clock: () => now,
    });
    expect(await resolver.resolve('ventures.northgate.example')).toEqual(northgate);
    now += 59_999;
    expect(await resolver.resolve('Ventures.Northgate.Example.')).toEqual(northgate);
    expect(source.calls).toEqual(['ventures.northgate.example']);
    now += 1;
    expect(await resolver.resolve('ventures.northgate.example')).toEqual(northgate);
    expect(source.calls).toHaveLength(2);
  });

  test('when a host is no custom domain, then that answer is cached too', async () => {
    const now = 0;
    const source = lookupOf({});
    const resolver = createHostResolver({
      lookup: source.lookup,
      ttlMs: 1000,
      maxEntries: 10,
      clock: () => now,
    });
    expect(await resolver.resolve('unknown.example')).toBeNull();
    expect(await resolver.resolve('unknown.example')).toBeNull();
    expect(source.calls).toEqual(['unknown.example']);
  });

  test('when many hosts are asked, then at most maxEntries are kept, the least recently used going first', async () => {
    const source = lookupOf({});
    const resolver = createHostResolver({
      lookup: source.lookup,
      ttlMs: 60_000,
      maxEntries: 2,
      clock: () => 0,
    });
    await resolver.resolve('a.example');
    await resolver.resolve('b.example');
    await resolver.resolve('a.example'); // a is now the most recently used
    await resolver.resolve('c.example'); // evicts b
    await resolver.resolve('a.example');
    await resolver.resolve('b.example');
    expect(source.calls).toEqual(['a.example', 'b.example', 'c.example', 'b.example']);
  });

  test('when lookups of one host run at once, then they share one call', async () => {
    const source = lookupOf({ 'ventures.northgate.example': northgate });
    const resolver = createHostResolver({ lookup: source.lookup, ttlMs: 60_000, maxEntries: 10 });
    const answers = await Promise.all([1, 2, 3].map(() => resolver.resolve('ventures.northgate.example')));
    expect(answers).toEqual([northgate, northgate, northgate]);
    expect(source.calls).toHaveLength(1);
  });

  test('when the organization service cannot answer, then the host is unknown for now and the failure is not cached', async () => {
    const source = lookupOf({ 'ventures.northgate.example': northgate });
    const resolver = createHostResolver({ lookup: source.lookup, ttlMs: 60_000, maxEntries: 10 });
    source.fail(true);
    expect(await resolver.resolve('ventures.northgate.example')).toBeNull();
    source.fail(false);
    expect(await resolver.resolve('ventures.northgate.example')).toEqual(northgate);
    expect(source.calls).toHaveLength(2);
  });

  test("when the host is the platform's own, then nothing is looked up", async () => {
    const source = lookupOf({});
    const resolver = createHostResolver({
      lookup: source.lookup,
      ttlMs: 60_000,
      maxEntries: 10,
      ignore: platformHosts(['https://app.example.org'], false),
    });
    expect(await resolver.resolve('app.example.org')).toBeNull();
    expect(await resolver.resolve('localhost')).toBeNull();
    expect(source.calls).toEqual([]);
    expect([...platformHosts(['https://app.example.org'], true)]).toEqual(['app.example.org']);
  });
});

describe("an organization's custom domain as a trusted origin (issue 19)", () => {
  const resolver = {
    resolve: async (host: string) => (host === 'ventures.northgate.example' ? northgate : null),
  };

  test('in production, only its https origin on the default port', async () => {
    const trusted = customDomainOrigin(resolver, true);
    expect(await trusted('https://ventures.northgate.example')).toBe(true);
    expect(await trusted('http://ventures.northgate.example')).toBe(false);
    expect(await trusted('https://ventures.northgate.example:8443')).toBe(false);
    expect(await trusted('https://evil.example')).toBe(false);
    expect(await trusted('https://ventures.northgate.example/path')).toBe(false);
    expect(await trusted('not a url')).toBe(false);
  });

  test('outside production, http and any port too', async () => {
    const trusted = customDomainOrigin(resolver, false);
    expect(await trusted('http://ventures.northgate.example:3370')).toBe(true);
    expect(await trusted('http://other.example:3370')).toBe(false);
  });
});

describe('the app shell on a custom domain (issue 19)', () => {
  test('names the organization for the web app and in the title, escaped', () => {
    const shell =
      '<!doctype html><html><head><meta charset="utf-8"><title>Venture Roadmap</title></head><body></body></html>';
    const page = customDomainShell(shell, { slug: 'northgate', name: 'Northgate <Lab> & "Co"' });
    expect(page).toContain('<head><meta name="vr-organization" content="northgate">');
    expect(page).toContain('<title>Register with Northgate &lt;Lab&gt; &amp; &quot;Co&quot;</title>');
    expect(page).not.toContain('<title>Venture Roadmap</title>');
  });
});

describe('the anti-forgery check with custom domains (issue 19)', () => {
  async function check(origin: string, trusted: (origin: string) => Promise<boolean>) {
    const middleware = csrfProtection(new Set(['https://app.example.org']), [], trusted);
    const req = {
      method: 'POST',
      baseUrl: '',
      path: '/api/login',
      get: (name: string) =>
        ({ origin, 'x-requested-with': 'XMLHttpRequest' })[name.toLowerCase()] as string | undefined,
    };
    return new Promise<unknown>((resolve) => {
      middleware(req as never, {} as never, (err?: unknown) => resolve(err ?? 'passed'));
    });
  }

  test("when the Origin is an organization's custom domain, then the call passes; an unknown one is refused", async () => {
    const trusted = async (origin: string) => origin === 'https://ventures.northgate.example';
    expect(await check('https://app.example.org', trusted)).toBe('passed');
    expect(await check('https://ventures.northgate.example', trusted)).toBe('passed');
    expect(await check('https://evil.example', trusted)).toMatchObject({ code: 'CSRF.BAD_ORIGIN' });
    expect(await check('null', trusted)).toMatchObject({ code: 'CSRF.BAD_ORIGIN' });
  });

  test('when the lookup fails, then the call is refused', async () => {
    const failing = async () => {
      throw new Error('down');
    };
    expect(await check('https://ventures.northgate.example', failing)).toMatchObject({
      code: 'CSRF.BAD_ORIGIN',
    });
  });
});
