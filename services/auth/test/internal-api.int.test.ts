import { startDatabase, startHarness, uniqueEmail, type Harness } from './support/harness.ts';

let db: Awaited<ReturnType<typeof startDatabase>>;
let h: Harness;

beforeAll(async () => {
  db = await startDatabase();
  h = await startHarness(db.url);
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await db?.stop();
});

function outboxTypes(doc: Record<string, unknown> | null): string[] {
  return ((doc?.outbox ?? []) as Array<{ type: string }>).map((e) => e.type);
}

async function createUser(extra: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/internal/users', {
    as: 'service',
    body: { username: uniqueEmail(), password: 'pass-word', ...extra },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; username: string; isAdmin: boolean; organizationId: string | null };
}

/** Every user, walking the cursor pages of `GET /internal/users`. */
async function allUsers(): Promise<Array<Record<string, unknown>>> {
  const users: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const res = await h.call('GET', `/internal/users?limit=200${query}`, { as: 'service' });
    expect(res.status).toBe(200);
    users.push(...(res.body.items as Array<Record<string, unknown>>));
    cursor = res.body.nextCursor as string | null;
  } while (cursor !== null);
  return users;
}

describe('internal user calls', () => {
  it('when a signed-in user (not a service) calls them, then 403', async () => {
    const user = await createUser();
    const res = await h.call('GET', '/internal/users', { as: { user: user.id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'AUTH.INTERNAL_ONLY', message: 'Internal endpoint' });
  });

  it('POST /internal/users creates a user for an organization, with the same rules and 409 as registration', async () => {
    const username = uniqueEmail();
    const res = await h.call('POST', '/internal/users', {
      as: 'service',
      body: { username: username.toUpperCase(), password: 'pass-word', organizationId: 'org-42' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username, organizationId: 'org-42', isAdmin: false });
    expect(res.headers.get('x-session-action')).toBeNull();
    const dup = await h.call('POST', '/internal/users', {
      as: 'service',
      body: { username, password: 'pass-word' },
    });
    expect([dup.status, dup.body]).toEqual([
      409,
      { code: 'AUTH.USERNAME_TAKEN', message: 'Username already exists' },
    ]);
    const short = await h.call('POST', '/internal/users', {
      as: 'service',
      body: { username: uniqueEmail(), password: '123' },
    });
    expect([short.status, short.body.message]).toEqual([400, 'Password must be at least 6 characters']);
  });

  it('POST /internal/users takes the language of an organization registration (issue 21); English by default', async () => {
    const spanish = await h.call('POST', '/internal/users', {
      as: 'service',
      body: { username: uniqueEmail(), password: 'pass-word', organizationId: 'org-42', language: 'es' },
    });
    expect([spanish.status, spanish.body.language]).toEqual([201, 'es']);
    const plain = await h.call('POST', '/internal/users', {
      as: 'service',
      body: { username: uniqueEmail(), password: 'pass-word' },
    });
    expect([plain.status, plain.body.language]).toEqual([201, 'en']);
  });

  it('GET /internal/users/:id answers the user, 404 for an unknown id and 400 for a malformed one', async () => {
    const user = await createUser();
    const found = await h.call('GET', `/internal/users/${user.id}`, { as: 'service' });
    expect(found.body).toEqual(user);
    const missing = await h.call('GET', '/internal/users/0123456789abcdef01234567', { as: 'service' });
    expect([missing.status, missing.body]).toEqual([
      404,
      { code: 'USER.NOT_FOUND', message: 'User not found' },
    ]);
    for (const bad of ['xyz', '%24ne', '0123456789abcdef0123456Z']) {
      const res = await h.call('GET', `/internal/users/${bad}`, { as: 'service' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid user id');
    }
  });

  it('PATCH /internal/users/:id changes username and flags; deactivation and demotion revoke sessions', async () => {
    // Another administrator, so demoting this one is not refused as removing the last.
    await createUser({ isAdmin: true });
    const user = await createUser({ isAdmin: true });
    const newName = uniqueEmail('renamed');
    const renamed = await h.call('PATCH', `/internal/users/${user.id}`, {
      as: 'service',
      body: { username: newName.toUpperCase() },
    });
    expect(renamed.body).toMatchObject({ id: user.id, username: newName, isAdmin: true });
    expect(outboxTypes(await h.rawUser(user.id))).toEqual(['user.registered']);
    const demoted = await h.call('PATCH', `/internal/users/${user.id}`, {
      as: 'service',
      body: { isAdmin: false },
    });
    expect(demoted.body.isAdmin).toBe(false);
    const deactivated = await h.call('PATCH', `/internal/users/${user.id}`, {
      as: 'service',
      body: { isActive: false },
    });
    expect(deactivated.body.isActive).toBe(false);
    expect(outboxTypes(await h.rawUser(user.id))).toEqual([
      'user.registered',
      'user.sessions_revoked',
      'user.sessions_revoked',
    ]);
    const other = await createUser();
    const clash = await h.call('PATCH', `/internal/users/${other.id}`, {
      as: 'service',
      body: { username: newName },
    });
    expect([clash.status, clash.body.message]).toEqual([409, 'Username already exists']);
    const unknownKey = await h.call('PATCH', `/internal/users/${other.id}`, {
      as: 'service',
      body: { passwordHash: 'x' },
    });
    expect(unknownKey.status).toBe(400);
  });

  it('DELETE /internal/users/:id records user.deleted; the user is gone and a second delete is 404', async () => {
    const user = await createUser();
    const res = await h.call('DELETE', `/internal/users/${user.id}`, { as: 'service' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(outboxTypes(await h.rawUser(user.id))).toEqual([
      'user.registered',
      'user.deleted',
      'user.sessions_revoked',
    ]);
    expect((await h.call('GET', `/internal/users/${user.id}`, { as: 'service' })).status).toBe(404);
    expect((await h.call('DELETE', `/internal/users/${user.id}`, { as: 'service' })).status).toBe(404);
  });

  it('GET /internal/users/stats counts users in total and per organization', async () => {
    const org = `org-${Date.now()}`;
    const before = (await h.call('GET', '/internal/users/stats', { as: 'service' })).body;
    await createUser({ organizationId: org });
    await createUser({ organizationId: org });
    await createUser();
    const after = await h.call('GET', '/internal/users/stats', { as: 'service' });
    expect(after.status).toBe(200);
    expect(after.body.userCount).toBe(before.userCount + 3);
    expect(after.body.byOrganization[org]).toBe(2);
  });
});

describe('the outbox relay', () => {
  it('publishes recorded events on the bus, then removes them; a deleted user document goes once its events are out', async () => {
    const received: Array<{ type: string; data: Record<string, unknown> }> = [];
    await h.bus.subscribe({
      queue: 'test.auth-events',
      types: ['user.*'],
      handler: async (event) => {
        received.push({ type: event.type, data: event.data as Record<string, unknown> });
      },
    });
    const user = await createUser();
    await h.call('DELETE', `/internal/users/${user.id}`, { as: 'service' });
    const relay = h.startRelay();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await h.rawUser(user.id)) !== null)
      await new Promise((r) => setTimeout(r, 50));
    await h.bus.idle();
    expect(await h.rawUser(user.id)).toBeNull();
    const mine = received.filter((e) => e.data.userId === user.id).map((e) => e.type);
    expect(mine).toEqual(['user.registered', 'user.deleted', 'user.sessions_revoked']);
    await expect(relay.stats()).resolves.toMatchObject({ pending: 0 });
  }, 20_000);
});

describe('the last administrator', () => {
  it('cannot be demoted, deactivated or deleted through the internal calls: 409 and nothing changes', async () => {
    const admins = (await allUsers()) as Array<{ id: string; isAdmin: boolean; isActive: boolean }>;
    // Leave exactly one active administrator: demote every other one (allowed while two remain).
    const keep = await createUser({ isAdmin: true });
    for (const other of admins.filter((u) => u.isAdmin && u.isActive)) {
      const res = await h.call('PATCH', `/internal/users/${other.id}`, {
        as: 'service',
        body: { isAdmin: false },
      });
      expect(res.status).toBe(200);
    }
    const lastAdmin = {
      code: 'AUTH.LAST_ADMIN',
      message: 'The last administrator cannot be removed. Make another user an administrator first.',
    };
    for (const [method, body] of [
      ['PATCH', { isAdmin: false }],
      ['PATCH', { isActive: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await h.call(method, `/internal/users/${keep.id}`, { as: 'service', body });
      expect([res.status, res.body]).toEqual([409, lastAdmin]);
    }
    const after = await h.call('GET', `/internal/users/${keep.id}`, { as: 'service' });
    expect([after.status, after.body.isAdmin, after.body.isActive]).toEqual([200, true, true]);
  });
});
