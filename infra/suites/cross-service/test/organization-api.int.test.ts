import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, startPlatform, unique, type Platform } from './support/organization-platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const admin = (method: string, path: string, body?: unknown) =>
  platform.internal('organization', method, `/internal${path}`, body);

async function createOrganization(extra: Record<string, unknown> = {}) {
  const slug = `org-${unique()}`;
  const res = await admin('POST', '/organizations', { name: `Org ${slug}`, slug, ...extra });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; name: string };
}

describe('GET /api/organizations/by-slug/{slug}', () => {
  it('answers an active organization with only its branding fields, to an anonymous visitor', async () => {
    const org = await createOrganization({
      description: 'Founders of the north',
      logoUrl: 'https://cdn.example.com/logo.png',
      primaryColor: '#112233',
      secondaryColor: '#aabbcc',
    });
    const res = await new Browser(platform.base).call('GET', `/api/organizations/by-slug/${org.slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: org.name,
      description: 'Founders of the north',
      logoUrl: 'https://cdn.example.com/logo.png',
      primaryColor: '#112233',
      secondaryColor: '#AABBCC',
    });
  });

  it('answers 404 "Organization not found" for an inactive, unknown or malformed slug', async () => {
    const inactive = await createOrganization({ isActive: false });
    const browser = new Browser(platform.base);
    for (const slug of [inactive.slug, `missing-${unique()}`, 'Not_A_Slug', '%24ne']) {
      const res = await browser.call('GET', `/api/organizations/by-slug/${slug}`);
      expect([res.status, res.body]).toEqual([
        404,
        { code: 'ORGANIZATION.NOT_FOUND', message: 'Organization not found' },
      ]);
    }
  });
});

describe('POST /api/organizations/{slug}/register', () => {
  it('creates the user with the organization recorded and signs them in on a new session', async () => {
    const org = await createOrganization();
    const browser = new Browser(platform.base);
    const username = `Member.${unique()}@Example.com`;
    const res = await browser.call('POST', `/api/organizations/${org.slug}/register`, {
      username,
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: username.toLowerCase(),
      organizationId: org.id,
      isAdmin: false,
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    // The gateway applied the session action and never let the header out.
    expect(res.headers.get('x-session-action')).toBeNull();
    expect(browser.cookie).toBeDefined();
    const me = await browser.call('GET', '/api/user');
    expect([me.status, me.body.username, me.body.organizationId]).toEqual([
      200,
      username.toLowerCase(),
      org.id,
    ]);
    // The auth service holds the same record.
    const stored = await platform.internal('auth', 'GET', `/internal/users/${res.body.id}`);
    expect(stored.body.organizationId).toBe(org.id);
  });

  it('issues a new session id: a session the browser had before is dead afterwards', async () => {
    const org = await createOrganization();
    const browser = new Browser(platform.base);
    const first = await browser.call('POST', '/api/register', {
      username: `before.${unique()}@example.com`,
      password: 'secret1',
    });
    expect(first.status).toBe(201);
    const oldCookie = browser.cookie;
    const res = await browser.call('POST', `/api/organizations/${org.slug}/register`, {
      username: `after.${unique()}@example.com`,
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    expect(browser.cookie).toBeDefined();
    expect(browser.cookie).not.toBe(oldCookie);
    expect((await browser.call('GET', '/api/user')).body.id).toBe(res.body.id);
    const replay = new Browser(platform.base);
    replay.cookie = oldCookie;
    const old = await replay.call('GET', '/api/user');
    expect(old.status).toBe(401);
  });

  it("validates with the spec's messages and refuses a taken address with auth's message", async () => {
    const org = await createOrganization();
    const path = `/api/organizations/${org.slug}/register`;
    const browser = new Browser(platform.base);
    const cases: Array<[unknown, string]> = [
      [{ username: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
      [{ password: 'secret1' }, 'Please enter a valid email address'],
      [
        { username: `a.${unique()}@example.com`, password: '12345' },
        'Password must be at least 6 characters',
      ],
      [{ username: `a.${unique()}@example.com` }, 'Password must be at least 6 characters'],
      [{ username: { $ne: null }, password: 'secret1' }, 'Please enter a valid email address'],
    ];
    for (const [body, message] of cases) {
      const res = await browser.call('POST', path, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
      expect(res.body.validationErrors[0]).toMatchObject({ message });
    }
    const privileged = await browser.call('POST', path, {
      username: `p.${unique()}@example.com`,
      password: 'secret1',
      isAdmin: true,
    });
    expect(privileged.status).toBe(400);
    expect(browser.cookie).toBeUndefined();

    const username = `taken.${unique()}@example.com`;
    expect((await browser.call('POST', '/api/register', { username, password: 'secret1' })).status).toBe(201);
    const dup = await new Browser(platform.base).call('POST', path, { username, password: 'secret1' });
    expect([dup.status, dup.body]).toEqual([
      409,
      { code: 'AUTH.USERNAME_TAKEN', message: 'Username already exists' },
    ]);
  });

  it('refuses registration through an inactive or unknown organization with 404 and creates no user', async () => {
    const inactive = await createOrganization({ isActive: false });
    const username = `nobody.${unique()}@example.com`;
    for (const slug of [inactive.slug, `missing-${unique()}`]) {
      const browser = new Browser(platform.base);
      const res = await browser.call('POST', `/api/organizations/${slug}/register`, {
        username,
        password: 'secret1',
      });
      expect([res.status, res.body.message]).toEqual([404, 'Organization not found']);
      expect(browser.cookie).toBeUndefined();
    }
    const users = await platform.internal('auth', 'GET', `/internal/users?q=${encodeURIComponent(username)}`);
    expect([users.status, users.body.items]).toEqual([200, []]);
  });
});

describe('internal organization calls (admin dashboard)', () => {
  it('are refused to browsers: the gateway does not route them, and a user identity gets 403', async () => {
    // Only /api/* reaches services; anything else is the web app (absent here), never the internal call.
    const viaGateway = await new Browser(platform.base).call('GET', '/internal/organizations');
    expect(viaGateway.status).not.toBe(200);
    expect(Array.isArray(viaGateway.body)).toBe(false);
    const asUser = await platform.internal('organization', 'GET', '/internal/organizations', undefined, {
      user: '0123456789abcdef01234567',
    });
    expect([asUser.status, asUser.body.code]).toEqual([403, 'AUTH.INTERNAL_ONLY']);
  });

  it('create applies the defaults, keeps slugs unique, and validates every field with a clear message', async () => {
    const slug = `acme-${unique()}`;
    const created = await admin('POST', '/organizations', { name: 'Acme Labs', slug });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme Labs',
      slug,
      logoUrl: null,
      description: null,
      primaryColor: '#0F172A',
      secondaryColor: '#3B82F6',
      isActive: true,
    });
    expect(typeof created.body.createdAt).toBe('string');

    const dup = await admin('POST', '/organizations', { name: 'Another', slug });
    expect([dup.status, dup.body]).toEqual([
      409,
      { code: 'ORGANIZATION.SLUG_TAKEN', message: 'An organization with this slug already exists' },
    ]);

    const invalid: Array<[Record<string, unknown>, string]> = [
      [{ slug: `s-${unique()}` }, 'Name is required'],
      [{ name: 'A', slug: `s-${unique()}` }, 'Name must be at least 2 characters'],
      [{ name: 'Acme' }, 'Slug is required'],
      [
        { name: 'Acme', slug: 'Upper-Case' },
        'Slug may contain only lowercase letters, digits and single hyphens between them',
      ],
      [
        { name: 'Acme', slug: 'with space' },
        'Slug may contain only lowercase letters, digits and single hyphens between them',
      ],
      [
        { name: 'Acme', slug: `s-${unique()}`, logoUrl: 'javascript:alert(1)' },
        'Logo URL must be an http or https address',
      ],
      [
        { name: 'Acme', slug: `s-${unique()}`, logoUrl: 'ftp://example.com/logo.png' },
        'Logo URL must be an http or https address',
      ],
      [
        { name: 'Acme', slug: `s-${unique()}`, primaryColor: 'red' },
        'Primary colour must be a colour like #3B82F6',
      ],
      [
        { name: 'Acme', slug: `s-${unique()}`, secondaryColor: '#12345' },
        'Secondary colour must be a colour like #3B82F6',
      ],
      [{ name: 'Acme', slug: `s-${unique()}`, isActive: 'yes' }, 'isActive must be true or false'],
    ];
    for (const [body, message] of invalid) {
      const res = await admin('POST', '/organizations', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const unknownKey = await admin('POST', '/organizations', {
      name: 'Acme',
      slug: `s-${unique()}`,
      userCount: 3,
    });
    expect(unknownKey.status).toBe(400);
  });

  it('update changes only the given fields; 404 for an unknown id, 400 for a malformed one, 409 on a taken slug', async () => {
    const org = await createOrganization({ description: 'Before' });
    const other = await createOrganization();
    const res = await admin('PATCH', `/organizations/${org.id}`, {
      primaryColor: '#FF0000',
      description: '',
      isActive: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: org.id,
      name: org.name,
      slug: org.slug,
      primaryColor: '#FF0000',
      secondaryColor: '#3B82F6',
      description: null,
      isActive: false,
    });
    const taken = await admin('PATCH', `/organizations/${org.id}`, { slug: other.slug });
    expect([taken.status, taken.body.code]).toEqual([409, 'ORGANIZATION.SLUG_TAKEN']);
    const empty = await admin('PATCH', `/organizations/${org.id}`, {});
    expect([empty.status, empty.body.message]).toEqual([400, 'Nothing to change']);
    const missing = await admin('PATCH', '/organizations/0123456789abcdef01234567', { name: 'Ghost' });
    expect([missing.status, missing.body.message]).toEqual([404, 'Organization not found']);
    const malformed = await admin('PATCH', '/organizations/not-an-id', { name: 'Ghost' });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Invalid organization id']);
  });

  it('get shows the organization with the users who registered through it; auth counts them for the list', async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    for (let i = 0; i < 2; i += 1) {
      const res = await new Browser(platform.base).call('POST', `/api/organizations/${org.slug}/register`, {
        username: `count.${unique()}@example.com`,
        password: 'secret1',
      });
      expect(res.status).toBe(201);
    }
    const one = await admin('GET', `/organizations/${org.id}`);
    expect([one.status, one.body.userCount, one.body.slug]).toEqual([200, 2, org.slug]);
    const counts = await platform.internal(
      'auth',
      'GET',
      `/internal/organization-user-counts?organizationIds=${org.id},${other.id}`,
    );
    expect([counts.status, counts.body]).toEqual([200, { counts: { [org.id]: 2 } }]);
  });

  it('the list is cursor pages, newest first, searched by name; rows added between pages are not repeated', async () => {
    const tag = `pg${unique()}`.replace(/[^a-z0-9]/g, '');
    const older = [];
    for (let i = 0; i < 3; i += 1) older.push(await createOrganization({ name: `${tag} Labs ${i}` }));
    const first = await admin('GET', `/organizations?q=${tag}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((o: { id: string }) => o.id)).toEqual([older[2]!.id, older[1]!.id]);
    expect(first.body.items[0]).not.toHaveProperty('userCount');

    const newer = await createOrganization({ name: `${tag} Newcomer` });
    const second = await admin('GET', `/organizations?q=${tag}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: older[0]!.id })], nextCursor: null });

    const searched = await admin('GET', `/organizations?q=${tag.toUpperCase()}+NEWCOMER`);
    expect(searched.body.items.map((o: { id: string }) => o.id)).toEqual([newer.id]);
    const tampered = await admin('GET', `/organizations?cursor=${first.body.nextCursor}zz`);
    expect([tampered.status, tampered.body]).toEqual([
      400,
      {
        code: 'PAGE.INVALID_CURSOR',
        message: 'The list position (cursor) is not valid. Load the list again from the first page.',
      },
    ]);
  });

  it('names the organizations asked for, leaving out unknown ids', async () => {
    const org = await createOrganization({ name: 'Harbor Labs' });
    const unknownId = '0123456789abcdef01234567';
    const res = await admin('GET', `/organization-names?ids=${org.id},${unknownId}`);
    expect([res.status, res.body]).toEqual([200, [{ id: org.id, name: 'Harbor Labs' }]]);
    const malformed = await admin('GET', '/organization-names?ids=not-an-id');
    expect([malformed.status, malformed.body.message]).toEqual([400, 'ids must be ids of 24 hex digits']);
  });

  it('delete is refused with a clear message while the organization has users, and changes nothing', async () => {
    const org = await createOrganization({ description: 'Keep me' });
    const member = await new Browser(platform.base).call('POST', `/api/organizations/${org.slug}/register`, {
      username: `stay.${unique()}@example.com`,
      password: 'secret1',
    });
    expect(member.status).toBe(201);
    const before = await admin('GET', `/organizations/${org.id}`);

    const refused = await admin('DELETE', `/organizations/${org.id}`);
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        code: 'ORGANIZATION.HAS_USERS',
        message:
          'This organization has 1 user and cannot be deleted. Remove its users first, or mark it inactive instead.',
      },
    ]);
    expect(await admin('GET', `/organizations/${org.id}`)).toMatchObject({ status: 200, body: before.body });
    const page = await new Browser(platform.base).call('GET', `/api/organizations/by-slug/${org.slug}`);
    expect(page.status).toBe(200);
    const user = await platform.internal('auth', 'GET', `/internal/users/${member.body.id}`);
    expect([user.status, user.body.organizationId]).toEqual([200, org.id]);
  });

  it('delete removes an organization without users; a second delete is 404', async () => {
    const org = await createOrganization();
    const res = await admin('DELETE', `/organizations/${org.id}`);
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect((await admin('GET', `/organizations/${org.id}`)).status).toBe(404);
    const again = await admin('DELETE', `/organizations/${org.id}`);
    expect([again.status, again.body.code]).toEqual([404, 'ORGANIZATION.NOT_FOUND']);
  });
});
