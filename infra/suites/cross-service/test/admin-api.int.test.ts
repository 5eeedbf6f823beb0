import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  startPlatform,
  unique,
  type Platform,
} from './support/admin-platform.ts';

/*
 * The dashboard's calls through the real gateway, composed from the real auth, venture, organization and
 * contact services.
 */

let platform: Platform;
let root: Browser;
let rootId: string;

beforeAll(async () => {
  platform = await startPlatform();
  root = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  rootId = (await root.call('GET', '/api/user')).body.id;
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/** A signed-in user creates a venture through the gateway; answers its tasks. */
async function newVentureTasks(browser: Browser, name: string): Promise<Array<{ id: string }>> {
  const created = await browser.call('POST', '/api/ventures', { name, blurb: 'Made by the admin tests' });
  expect(created.status).toBe(201);
  const detail = await browser.call('GET', `/api/ventures/${created.body.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body.tasks.length).toBeGreaterThan(0);
  return detail.body.tasks;
}

async function completeTask(browser: Browser, taskId: string): Promise<void> {
  for (const status of ['in_progress', 'done']) {
    const res = await browser.call('PATCH', `/api/venture-tasks/${taskId}`, { status });
    expect(res.status).toBe(200);
  }
}

async function auditEntries(): Promise<
  Array<{
    actorId: string;
    actorUsername: string;
    action: string;
    targetId: string | null;
    outcome: string;
    errorCode: string | null;
    details: Record<string, unknown>;
    at: string;
  }>
> {
  const res = await root.call('GET', '/api/admin/audit?limit=500');
  expect(res.status).toBe(200);
  return res.body;
}

describe('the first administrator', () => {
  it('comes from ADMIN_EMAIL / ADMIN_PASSWORD and can sign in and open the dashboard', async () => {
    const me = await root.call('GET', '/api/user');
    expect(me.body).toMatchObject({ username: ADMIN_EMAIL, isAdmin: true, isActive: true });
    expect((await root.call('GET', '/api/admin/stats')).status).toBe(200);
  });
});

describe('GET /api/admin/stats', () => {
  it('composes the user count from auth and the venture figures from the venture service, and follows changes', async () => {
    const before = await root.call('GET', '/api/admin/stats');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      userCount: expect.any(Number),
      ventureCount: expect.any(Number),
      taskCount: expect.any(Number),
      completedTaskCount: expect.any(Number),
    });
    const { browser } = await platform.newUser();
    const tasks = await newVentureTasks(browser, 'Stats venture');
    await completeTask(browser, tasks[0]!.id);
    const after = await root.call('GET', '/api/admin/stats');
    expect(after.body).toEqual({
      userCount: before.body.userCount + 1,
      ventureCount: before.body.ventureCount + 1,
      taskCount: before.body.taskCount + tasks.length,
      completedTaskCount: before.body.completedTaskCount + 1,
    });
  });

  it('when an owning service is down, answers 503 JSON promptly (no partial figures)', async () => {
    const isolated = await platform.startAdmin({ VENTURE_URL: 'http://127.0.0.1:9' });
    try {
      const started = Date.now();
      const res = await isolated.call('GET', '/api/admin/stats', rootId);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        503,
        'UPSTREAM.UNAVAILABLE',
        'The venture service is unavailable',
      ]);
      expect(Date.now() - started).toBeLessThan(5000);
      // What does not need the venture service keeps working.
      expect((await isolated.call('GET', '/api/admin/users', rootId)).status).toBe(200);
    } finally {
      await isolated.close();
    }
  });
});

describe('users', () => {
  it('lists users newest first, each with the name of their organization, without password hashes', async () => {
    const { user } = await platform.newUser();
    const res = await root.call('GET', '/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      id: user.id,
      username: user.username,
      isAdmin: false,
      isActive: true,
      organizationId: null,
      organizationName: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('passwordHash');

    const slug = `named-${unique()}`;
    const org = await root.call('POST', '/api/admin/organizations', { name: 'Harbor Labs', slug });
    expect(org.status).toBe(201);
    const member = await new Browser(platform.base).call('POST', `/api/organizations/${slug}/register`, {
      username: `member.${unique()}@example.com`,
      password: 'secret1',
    });
    expect(member.status).toBe(201);
    const searched = await root.call('GET', `/api/admin/users?q=${encodeURIComponent(member.body.username)}`);
    expect(searched.body).toEqual({
      items: [
        expect.objectContaining({
          id: member.body.id,
          organizationId: org.body.id,
          organizationName: 'Harbor Labs',
        }),
      ],
      nextCursor: null,
    });
  });

  it("adds a user with auth's rules and messages; the password is never written to the audit log", async () => {
    const username = `added.${unique()}@example.com`;
    const res = await root.call('POST', '/api/admin/users', {
      username,
      password: 'secret12',
      isAdmin: false,
    });
    expect([res.status, res.body.username, res.body.isAdmin]).toEqual([201, username, false]);
    const signIn = await new Browser(platform.base).call('POST', '/api/login', {
      username,
      password: 'secret12',
    });
    expect(signIn.status).toBe(200);

    const invalid = await root.call('POST', '/api/admin/users', { username: 'nope', password: 'secret12' });
    expect([invalid.status, invalid.body.message]).toEqual([400, 'Please enter a valid email address']);
    const short = await root.call('POST', '/api/admin/users', {
      username: `s.${unique()}@example.com`,
      password: '1',
    });
    expect([short.status, short.body.message]).toEqual([400, 'Password must be at least 6 characters']);
    const dup = await root.call('POST', '/api/admin/users', { username, password: 'secret12' });
    expect([dup.status, dup.body.message]).toEqual([409, 'Username already exists']);
    const notObject = await root.call('POST', '/api/admin/users', ['x']);
    expect([notObject.status, notObject.body.message]).toEqual([400, 'Request body must be a JSON object']);

    const entries = (await auditEntries()).filter(
      (e) => e.action === 'user.create' && e.details.username === username,
    );
    // Newest first: the refused duplicate, then the creation.
    expect(entries.map((e) => [e.actorUsername, e.outcome, e.errorCode])).toEqual([
      [ADMIN_EMAIL, 'failed', 'AUTH.USERNAME_TAKEN'],
      [ADMIN_EMAIL, 'succeeded', null],
    ]);
    expect(JSON.stringify(await auditEntries())).not.toContain('secret12');
  });

  it('edits a username and the admin flag; a taken username is 409; an unknown user 404; a malformed id 400', async () => {
    const { user } = await platform.newUser();
    const other = await platform.newUser();
    const newName = `edited.${unique()}@example.com`;
    const res = await root.call('PATCH', `/api/admin/users/${user.id}`, { username: newName, isAdmin: true });
    expect(res.body).toMatchObject({ id: user.id, username: newName, isAdmin: true });
    const taken = await root.call('PATCH', `/api/admin/users/${user.id}`, { username: other.user.username });
    expect([taken.status, taken.body.message]).toEqual([409, 'Username already exists']);
    const missing = await root.call('PATCH', '/api/admin/users/0123456789abcdef01234567', { isAdmin: true });
    expect([missing.status, missing.body.message]).toEqual([404, 'User not found']);
    const malformed = await root.call('PATCH', '/api/admin/users/not-an-id', { isAdmin: true });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Invalid user id']);
    const privileged = await root.call('PATCH', `/api/admin/users/${user.id}`, { passwordHash: 'x' });
    expect(privileged.status).toBe(400);
  });

  it('Make Admin promotes a user, who can then open the dashboard; demoting them takes it away on their next call', async () => {
    const { browser, user } = await platform.newUser();
    expect((await browser.call('GET', '/api/admin/stats')).status).toBe(403);
    const promoted = await root.call('POST', `/api/admin/users/${user.id}/make-admin`);
    expect([promoted.status, promoted.body.isAdmin]).toEqual([200, true]);
    expect((await browser.call('GET', '/api/admin/users')).status).toBe(200);

    // The flag is read from auth on every call, not from the session: a request carrying a valid identity
    // for this user is refused as soon as the flag is gone.
    expect((await platform.direct('admin', 'GET', '/api/admin/users', { user: user.id })).status).toBe(200);
    const demoted = await root.call('PATCH', `/api/admin/users/${user.id}`, { isAdmin: false });
    expect(demoted.body.isAdmin).toBe(false);
    const direct = await platform.direct('admin', 'GET', '/api/admin/users', { user: user.id });
    expect([direct.status, direct.body.code]).toEqual([403, 'ADMIN.FORBIDDEN']);
    expect([401, 403]).toContain((await browser.call('GET', '/api/admin/stats')).status);
  });

  it('a deactivated administrator is refused; a deleted one is treated as signed out', async () => {
    const { user } = await platform.newUser();
    await root.call('POST', `/api/admin/users/${user.id}/make-admin`);
    await root.call('PATCH', `/api/admin/users/${user.id}`, { isActive: false });
    const inactive = await platform.direct('admin', 'GET', '/api/admin/users', { user: user.id });
    expect(inactive.status).toBe(403);
    await root.call('DELETE', `/api/admin/users/${user.id}`);
    const deleted = await platform.direct('admin', 'GET', '/api/admin/users', { user: user.id });
    expect(deleted.status).toBe(401);
  });

  it('an administrator cannot demote, deactivate or delete themselves; each refusal is audited and changes nothing', async () => {
    for (const body of [{ isAdmin: false }, { isActive: false }]) {
      const res = await root.call('PATCH', `/api/admin/users/${rootId}`, body);
      expect([res.status, res.body]).toEqual([
        403,
        {
          code: 'ADMIN.SELF_DEMOTE',
          message: 'You cannot remove your own administrator rights or deactivate your own account.',
        },
      ]);
    }
    const del = await root.call('DELETE', `/api/admin/users/${rootId}`);
    expect([del.status, del.body]).toEqual([
      403,
      {
        code: 'ADMIN.SELF_DELETE',
        message: 'Administrators cannot delete their own account. Please contact the system administrator.',
      },
    ]);
    const me = await root.call('GET', '/api/user');
    expect(me.body).toMatchObject({ id: rootId, isAdmin: true, isActive: true });
    const refused = (await auditEntries()).filter((e) => e.targetId === rootId && e.outcome === 'failed');
    expect(refused.map((e) => e.errorCode).sort()).toEqual([
      'ADMIN.SELF_DELETE',
      'ADMIN.SELF_DEMOTE',
      'ADMIN.SELF_DEMOTE',
    ]);
    // Changes that keep one's own rights are allowed.
    const rename = await root.call('PATCH', `/api/admin/users/${rootId}`, { isAdmin: true });
    expect(rename.status).toBe(200);
  });

  it('deactivating or deleting a user asks the gateway to end their sessions in the answer; other changes do not', async () => {
    const { user } = await platform.newUser();
    const as = { user: rootId };
    const action = (reply: { headers: Headers }) => reply.headers.get('x-session-action');
    const renamed = await platform.direct('admin', 'PATCH', `/api/admin/users/${user.id}`, as, {
      username: `renamed.${user.username}`,
    });
    expect([renamed.status, action(renamed)]).toEqual([200, null]);
    const deactivated = await platform.direct('admin', 'PATCH', `/api/admin/users/${user.id}`, as, {
      isActive: false,
    });
    expect([deactivated.status, action(deactivated)]).toEqual([200, `revoke-user; user=${user.id}`]);
    const deleted = await platform.direct('admin', 'DELETE', `/api/admin/users/${user.id}`, as);
    expect([deleted.status, action(deleted)]).toEqual([200, `revoke-user; user=${user.id}`]);
    // A refused change asks for nothing.
    const missing = await platform.direct('admin', 'DELETE', `/api/admin/users/${user.id}`, as);
    expect([missing.status, action(missing)]).toEqual([404, null]);
  });

  it('deletes another user, whose session ends; a second delete is 404', async () => {
    const { browser, user } = await platform.newUser();
    const res = await root.call('DELETE', `/api/admin/users/${user.id}`);
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect((await browser.call('GET', '/api/user')).status).toBe(401);
    const again = await root.call('DELETE', `/api/admin/users/${user.id}`);
    expect([again.status, again.body.message]).toEqual([404, 'User not found']);
  });
});

describe('organizations', () => {
  it('creates with defaults, edits, lists with user counts, and refuses deleting one with users without changing it', async () => {
    const slug = `inst-${unique()}`;
    const created = await root.call('POST', '/api/admin/organizations', {
      name: `Institute ${slug}`,
      slug,
      primaryColor: '#123456',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug,
      primaryColor: '#123456',
      secondaryColor: '#3B82F6',
      isActive: true,
    });
    const id = created.body.id as string;

    const bad = await root.call('POST', '/api/admin/organizations', { name: 'Bad', slug: 'Bad Slug' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Slug may contain only lowercase letters, digits and single hyphens between them',
    ]);
    const dup = await root.call('POST', '/api/admin/organizations', { name: 'Again', slug });
    expect([dup.status, dup.body.message]).toEqual([409, 'An organization with this slug already exists']);

    const edited = await root.call('PATCH', `/api/admin/organizations/${id}`, {
      description: 'For founders',
      logoUrl: 'https://example.com/l.png',
    });
    expect(edited.body).toMatchObject({ description: 'For founders', logoUrl: 'https://example.com/l.png' });
    const badLogo = await root.call('PATCH', `/api/admin/organizations/${id}`, {
      logoUrl: 'data:image/png;base64,xx',
    });
    expect([badLogo.status, badLogo.body.message]).toEqual([
      400,
      'Logo URL must be an http or https address',
    ]);

    const visitor = new Browser(platform.base);
    const reg = await visitor.call('POST', `/api/organizations/${slug}/register`, {
      username: `member.${unique()}@example.com`,
      password: 'secret1',
    });
    expect(reg.status).toBe(201);
    expect((await visitor.call('GET', '/api/user')).body.organizationId).toBe(id);

    const list = await root.call(
      'GET',
      `/api/admin/organizations?q=${encodeURIComponent(created.body.name)}`,
    );
    expect(list.body.items.map((o: { id: string; userCount: number }) => [o.id, o.userCount])).toEqual([
      [id, 1],
    ]);
    const before = await root.call('GET', `/api/admin/organizations/${id}`);
    const refused = await root.call('DELETE', `/api/admin/organizations/${id}`);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'ORGANIZATION.HAS_USERS',
      'This organization has 1 user and cannot be deleted. Remove its users first, or mark it inactive instead.',
    ]);
    expect((await root.call('GET', `/api/admin/organizations/${id}`)).body).toEqual(before.body);

    // Once its only user is gone, it can be deleted.
    await root.call('DELETE', `/api/admin/users/${reg.body.id}`);
    const deleted = await root.call('DELETE', `/api/admin/organizations/${id}`);
    expect([deleted.status, deleted.body]).toEqual([200, { success: true }]);
    expect((await root.call('GET', `/api/admin/organizations/${id}`)).status).toBe(404);

    const actions = (await auditEntries()).filter((e) => e.targetId === id || e.details.slug === slug);
    expect(actions.map((e) => [e.action, e.outcome])).toEqual([
      ['organization.delete', 'succeeded'],
      ['organization.delete', 'failed'],
      ['organization.update', 'failed'],
      ['organization.update', 'succeeded'],
      ['organization.create', 'failed'],
      ['organization.create', 'succeeded'],
    ]);
  });
});

describe('the paged lists (issue 18)', () => {
  const LISTS = ['users', 'ventures', 'organizations', 'contact-messages'] as const;

  it('each list answers a cursor page of at most `limit` rows', async () => {
    for (const list of LISTS) {
      const res = await root.call('GET', `/api/admin/${list}?limit=1`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['items', 'nextCursor']);
      expect(res.body.items.length).toBeLessThanOrEqual(1);
    }
  });

  it('walking the pages of a search shows every user once, newest first, and stops with a null cursor', async () => {
    const tag = `walk${unique()}`.replace(/[^a-z0-9]/g, '');
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await root.call('POST', '/api/admin/users', {
        username: `${tag}.${i}@example.com`,
        password: 'secret12',
      });
      expect(res.status).toBe(201);
      created.push(res.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let call = 0; call < 10; call += 1) {
      const res: { status: number; body: { items: Array<{ id: string }>; nextCursor: string | null } } =
        await root.call(
          'GET',
          `/api/admin/users?q=${tag}&limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        );
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((u) => u.id));
      cursor = res.body.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual([...created].reverse());
  });

  it('a tampered cursor is 400 PAGE.INVALID_CURSOR from every list, with the owning service’s message', async () => {
    for (const list of LISTS) {
      const res = await root.call('GET', `/api/admin/${list}?cursor=bm90LWEtY3Vyc29y`);
      expect([res.status, res.body]).toEqual([
        400,
        {
          code: 'PAGE.INVALID_CURSOR',
          message: 'The list position (cursor) is not valid. Load the list again from the first page.',
        },
      ]);
    }
  });

  it('unknown parameters, a bad limit or an overlong search are refused by the admin service with 400', async () => {
    for (const query of ['offset=5', 'limit=0', `q=${'x'.repeat(101)}`, 'q[$regex]=.*']) {
      const res = await root.call('GET', `/api/admin/users?${query}`);
      expect([res.status, res.body.code]).toEqual([400, 'REQUEST.INVALID']);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const long = await root.call('GET', `/api/admin/ventures?q=${'x'.repeat(101)}`);
    expect(long.body.message).toBe('Search text must be at most 100 characters');
  });
});

describe('ventures, templates and contact messages', () => {
  it('lists every venture with its owner and completion, and contact messages, from their services', async () => {
    const { browser, user } = await platform.newUser();
    const name = `Listed ${unique()}`;
    const tasks = await newVentureTasks(browser, name);
    await completeTask(browser, tasks[0]!.id);
    const ventures = await root.call('GET', `/api/admin/ventures?q=${encodeURIComponent(name)}`);
    expect(ventures.status).toBe(200);
    expect(ventures.body.items).toHaveLength(1);
    expect(ventures.body.items[0]).toMatchObject({
      name,
      memberCount: 1,
      userId: user.id,
      ownerUsername: user.username,
      taskCount: tasks.length,
      completedTaskCount: 1,
      completionPercentage: Math.round((100 * 1) / tasks.length),
    });
    const subject = `Enterprise Inquiry from Acme ${unique()}`;
    const sent = await new Browser(platform.base).call('POST', '/api/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject,
      message: 'Organization: Acme\nRole: CTO\nNo additional message provided.',
    });
    expect(sent.status).toBe(200);
    const messages = await root.call('GET', '/api/admin/contact-messages');
    expect(messages.status).toBe(200);
    // Newest first.
    expect(messages.body.items[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', subject });
    const bad = await root.call('GET', '/api/admin/contact-messages?limit=500');
    expect([bad.status, bad.body.code, bad.body.message]).toEqual([
      400,
      'REQUEST.INVALID',
      'limit must be a whole number from 1 to 200',
    ]);
  });

  it('adds, edits and deletes a master template in the venture service, passing its validation errors back', async () => {
    const created = await root.call('POST', '/api/admin/tasks-master', {
      title: 'Register the company',
      category: 'Legal',
    });
    expect([created.status, created.body.title, created.body.category]).toEqual([
      201,
      'Register the company',
      'Legal',
    ]);
    const id = String(created.body.id);
    const edited = await root.call('PATCH', `/api/admin/tasks-master/${id}`, { title: 'Incorporate' });
    expect(edited.body.title).toBe('Incorporate');
    const listed = await root.call('GET', '/api/admin/tasks-master');
    expect(
      (listed.body as Array<{ id: unknown; title: string }>).find((t) => String(t.id) === id)?.title,
    ).toBe('Incorporate');
    const invalid = await root.call('POST', '/api/admin/tasks-master', { title: '' });
    expect([invalid.status, invalid.body.message, invalid.body.validationErrors]).toEqual([
      400,
      'Please enter a task title',
      [{ path: ['title'], message: 'Please enter a task title' }],
    ]);
    expect((await root.call('DELETE', `/api/admin/tasks-master/${id}`)).body).toEqual({ success: true });
    const gone = await root.call('DELETE', `/api/admin/tasks-master/${id}`);
    expect([gone.status, gone.body.message]).toEqual([404, 'Task template not found']);
  });
});

describe('GET /api/admin/audit', () => {
  it('answers newest first with who, what and when, bounded by limit; a bad limit is 400', async () => {
    const { user } = await platform.newUser();
    await root.call('POST', `/api/admin/users/${user.id}/make-admin`);
    const res = await root.call('GET', '/api/admin/audit?limit=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        actorId: rootId,
        actorUsername: ADMIN_EMAIL,
        action: 'user.make-admin',
        targetType: 'user',
        targetId: user.id,
        details: { isAdmin: true },
        outcome: 'succeeded',
        errorCode: null,
        at: expect.any(String),
      },
    ]);
    expect(Date.now() - Date.parse(res.body[0].at)).toBeLessThan(60_000);
    for (const limit of ['0', '501', 'abc']) {
      const bad = await root.call('GET', `/api/admin/audit?limit=${limit}`);
      expect([bad.status, bad.body.message]).toEqual([400, 'limit must be a whole number from 1 to 500']);
    }
  });
});
