import { startDatabase, startHarness, uniqueEmail, PUBLIC_URL, type Harness } from './support/harness.ts';

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

const USER_KEYS = [
  'createdAt',
  'department',
  'firstName',
  'id',
  'isActive',
  'isAdmin',
  'jobTitle',
  'language',
  'lastName',
  'organizationId',
  'phoneNumber',
  'username',
];

async function registered(
  password = 'first-pass',
): Promise<{ id: string; username: string; password: string }> {
  const username = uniqueEmail();
  const res = await h.call('POST', '/api/register', { body: { username, password } });
  expect(res.status).toBe(201);
  return { id: res.body.id, username, password };
}

function outbox(doc: Record<string, unknown> | null): Array<{ type: string; data: Record<string, unknown> }> {
  return (doc?.outbox ?? []) as Array<{ type: string; data: Record<string, unknown> }>;
}

describe('the gateway identity', () => {
  it('when a call comes without a signed identity (bypassing the gateway), then 401 and nothing else', async () => {
    const res = await h.call('POST', '/api/login', {
      as: 'nobody',
      body: { username: 'a@b.co', password: 'x' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: 'AUTH.INVALID_IDENTITY',
      message: 'Missing or invalid internal identity',
    });
  });

  it('when the identity is forged, then 401', async () => {
    const res = await h.call('GET', '/api/user', { as: { token: 'eyJzdWIiOiJ4In0.forged' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH.INVALID_IDENTITY');
  });
});

describe('POST /api/register', () => {
  it('when the details are valid, then 201 with the user (never the hash) and the gateway is told to open a session', async () => {
    const username = uniqueEmail();
    const res = await h.call('POST', '/api/register', {
      body: { username: `  ${username.toUpperCase()} `, password: 'secret' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect(res.body).toMatchObject({
      username,
      isAdmin: false,
      isActive: true,
      firstName: null,
      organizationId: null,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(res.headers.get('x-session-action')).toBe(`open; user=${res.body.id}; remember=0`);
  });

  it('when the address is already registered in another letter case, then 409 "Username already exists"', async () => {
    const user = await registered();
    const res = await h.call('POST', '/api/register', {
      body: { username: user.username.toUpperCase(), password: 'secret' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'AUTH.USERNAME_TAKEN', message: 'Username already exists' });
    expect(res.headers.get('x-session-action')).toBeNull();
  });

  it('when the body carries isAdmin or organizationId, then 400 and no account is made', async () => {
    const username = uniqueEmail();
    for (const extra of [{ isAdmin: true }, { organizationId: 'org-1' }]) {
      const res = await h.call('POST', '/api/register', { body: { username, password: 'secret', ...extra } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.INVALID');
      expect(res.body.message).toMatch(/Unrecognized key/);
    }
    const login = await h.call('POST', '/api/login', { body: { username, password: 'secret' } });
    expect(login.status).toBe(401);
  });

  it('answers each invalid field with its message and the list of validation errors', async () => {
    const cases: Array<[unknown, string]> = [
      [{ username: 'not-an-email', password: 'secret' }, 'Please enter a valid email address'],
      [{ password: 'secret' }, 'Email is required'],
      [{ username: uniqueEmail(), password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: uniqueEmail(), password: 'x'.repeat(1025) }, 'Password is too long'],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', '/api/register', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.INVALID', message });
      expect(res.body.validationErrors[0]).toEqual({ path: [expect.any(String)], message });
    }
  });

  it('when the body is not JSON, then 415; when it is huge, then 413; both as JSON', async () => {
    const form = await h.call('POST', '/api/register', {
      raw: 'username=a',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('REQUEST.UNSUPPORTED_MEDIA_TYPE');
    const huge = await h.call('POST', '/api/register', {
      body: { username: uniqueEmail(), password: 'x'.repeat(1_000_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ code: 'REQUEST.TOO_LARGE', message: 'Request body is too large' });
  });

  it('records user.registered in the same write as the new document', async () => {
    const user = await registered();
    const doc = await h.rawUser(user.id);
    expect(doc?.username).toBe(user.username);
    expect(String(doc?.passwordHash)).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    expect(outbox(doc)).toEqual([
      expect.objectContaining({
        type: 'user.registered',
        producer: 'auth',
        data: { userId: user.id, username: user.username, organizationId: null, language: 'en' },
      }),
    ]);
  });
});

describe('POST /api/login', () => {
  it('when the password is right, then 200 with the user and a session opens; rememberMe asks for a lasting cookie', async () => {
    const user = await registered();
    const plain = await h.call('POST', '/api/login', {
      body: { username: user.username, password: user.password },
    });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ id: user.id, username: user.username });
    expect(plain.headers.get('x-session-action')).toBe(`open; user=${user.id}; remember=0`);
    const remembered = await h.call('POST', '/api/login', {
      body: { username: user.username.toUpperCase(), password: user.password, rememberMe: true },
    });
    expect(remembered.headers.get('x-session-action')).toBe(`open; user=${user.id}; remember=1`);
  });

  it('when the password is wrong or the address unknown, then the same 401 body and no session', async () => {
    const user = await registered();
    const wrong = await h.call('POST', '/api/login', {
      body: { username: user.username, password: 'wrong-pass' },
    });
    const unknown = await h.call('POST', '/api/login', {
      body: { username: uniqueEmail(), password: 'wrong-pass' },
    });
    const expected = { code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid email or password' };
    expect([wrong.status, wrong.body]).toEqual([401, expected]);
    expect([unknown.status, unknown.body]).toEqual([401, expected]);
    expect(wrong.headers.get('x-session-action')).toBeNull();
  });

  it('when operators are sent instead of strings, then 400 and never a match', async () => {
    await registered();
    for (const body of [
      { username: { $ne: null }, password: { $ne: null } },
      { username: { $regex: '.*' }, password: 'x' },
      { username: 'a@b.co', password: 'x', $where: '1' },
    ]) {
      const res = await h.call('POST', '/api/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.INVALID');
      expect(res.headers.get('x-session-action')).toBeNull();
    }
  });

  it('when the account is deactivated, then 403 "This account has been deactivated" once the password is right', async () => {
    const user = await registered();
    const patch = await h.call('PATCH', `/internal/users/${user.id}`, {
      as: 'service',
      body: { isActive: false },
    });
    expect(patch.status).toBe(200);
    const wrong = await h.call('POST', '/api/login', {
      body: { username: user.username, password: 'wrong-pass' },
    });
    expect(wrong.status).toBe(401);
    const right = await h.call('POST', '/api/login', {
      body: { username: user.username, password: user.password },
    });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({
      code: 'AUTH.ACCOUNT_DEACTIVATED',
      message: 'This account has been deactivated',
    });
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('when anonymous, then 401 { code, message } without touching the session', async () => {
    const res = await h.call('GET', '/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'AUTH.UNAUTHENTICATED', message: 'Not authenticated' });
    expect(res.headers.get('x-session-action')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('when signed in, then the current user', async () => {
    const user = await registered();
    const res = await h.call('GET', '/api/user', { as: { user: user.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
  });

  it('when the user no longer exists or the id is malformed, then 401 and the session is closed', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-object-id']) {
      const res = await h.call('GET', '/api/user', { as: { user: id } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'AUTH.SESSION_ENDED', message: 'Not authenticated' });
      expect(res.headers.get('x-session-action')).toBe('close');
    }
  });

  it('GET /api/session: a visitor is an answer, { user: null }, not a 401, and no session is touched', async () => {
    const res = await h.call('GET', '/api/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
    expect(res.headers.get('x-session-action')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/session: signed in, the same user GET /api/user answers', async () => {
    const user = await registered();
    const res = await h.call('GET', '/api/session', { as: { user: user.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: (await h.call('GET', '/api/user', { as: { user: user.id } })).body });
    expect(res.headers.get('x-session-action')).toBeNull();
  });

  it('GET /api/session: a user who no longer exists or a malformed id is { user: null } and the session is closed', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-object-id']) {
      const res = await h.call('GET', '/api/session', { as: { user: id } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ user: null });
      expect(res.headers.get('x-session-action')).toBe('close');
    }
  });

  it('logout answers { success: true } and closes the session, also for anonymous visitors', async () => {
    const user = await registered();
    for (const as of [{ user: user.id }, 'anonymous' as const]) {
      const res = await h.call('POST', '/api/logout', { as });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(res.headers.get('x-session-action')).toBe('close');
    }
  });
});

describe('PATCH /api/user/profile', () => {
  it('when fields are given, then they are trimmed and saved, an empty string clears one, and the user is returned', async () => {
    const user = await registered();
    const first = await h.call('PATCH', '/api/user/profile', {
      as: { user: user.id },
      body: {
        firstName: ' Ada ',
        lastName: 'Lovelace',
        jobTitle: 'CEO',
        department: 'Ops',
        phoneNumber: '+1 (555) 123-4567',
      },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'CEO',
      department: 'Ops',
      phoneNumber: '+1 (555) 123-4567',
    });
    const second = await h.call('PATCH', '/api/user/profile', {
      as: { user: user.id },
      body: { phoneNumber: '', jobTitle: '' },
    });
    expect(second.body).toMatchObject({ firstName: 'Ada', jobTitle: null, phoneNumber: null });
    const me = await h.call('GET', '/api/user', { as: { user: user.id } });
    expect(me.body).toEqual(second.body);
  });

  it('refuses a bad phone number, text over 100 characters and fields that are not the profile', async () => {
    const user = await registered();
    const cases: Array<[unknown, string | RegExp]> = [
      [{ phoneNumber: 'call me' }, 'Please enter a valid phone number'],
      [{ department: 'x'.repeat(101) }, 'Department must be at most 100 characters'],
      [{ isAdmin: true }, /Unrecognized key/],
      [{ organizationId: 'org-1' }, /Unrecognized key/],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('PATCH', '/api/user/profile', { as: { user: user.id }, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
    }
    const me = await h.call('GET', '/api/user', { as: { user: user.id } });
    expect(me.body).toMatchObject({ isAdmin: false, organizationId: null, department: null });
  });

  it('when anonymous, then 401', async () => {
    const res = await h.call('PATCH', '/api/user/profile', { body: { firstName: 'Ada' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH.UNAUTHENTICATED');
  });
});

describe('POST /api/user/change-password', () => {
  it('answers missing and short passwords with the spec messages', async () => {
    const user = await registered();
    const cases: Array<[unknown, string]> = [
      [{ newPassword: 'long-enough' }, 'Current password required'],
      [{ currentPassword: user.password }, 'New password required'],
      [
        { currentPassword: user.password, newPassword: 'short' },
        'Password too short: Your new password must be at least 8 characters long',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', '/api/user/change-password', { as: { user: user.id }, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'REQUEST.INVALID', message });
    }
  });

  it('when the current password is wrong, then 400 "Current password is incorrect" and no session is touched', async () => {
    const user = await registered();
    const res = await h.call('POST', '/api/user/change-password', {
      as: { user: user.id },
      body: { currentPassword: 'wrong-pass', newPassword: 'second-pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'AUTH.WRONG_PASSWORD', message: 'Current password is incorrect' });
    expect(res.headers.get('x-session-action')).toBeNull();
  });

  it('when it succeeds, then the new password works, other sessions are revoked and the event names this session as kept', async () => {
    const user = await registered();
    const res = await h.call('POST', '/api/user/change-password', {
      as: { user: user.id, sid: 'sid-keep-me' },
      body: { currentPassword: user.password, newPassword: 'second-pass' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password updated' });
    expect(res.headers.get('x-session-action')).toBe('revoke-others');
    expect(outbox(await h.rawUser(user.id)).at(-1)).toMatchObject({
      type: 'user.sessions_revoked',
      data: { userId: user.id, exceptSessionId: 'sid-keep-me' },
    });
    const old = await h.call('POST', '/api/login', {
      body: { username: user.username, password: user.password },
    });
    expect(old.status).toBe(401);
    const fresh = await h.call('POST', '/api/login', {
      body: { username: user.username, password: 'second-pass' },
    });
    expect(fresh.status).toBe(200);
  });
});

describe('DELETE /api/user/account', () => {
  it('answers a missing or wrong password with its message', async () => {
    const user = await registered();
    const missing = await h.call('DELETE', '/api/user/account', { as: { user: user.id }, body: {} });
    expect([missing.status, missing.body.message]).toEqual([400, 'Password required']);
    const wrong = await h.call('DELETE', '/api/user/account', {
      as: { user: user.id },
      body: { password: 'wrong-pass' },
    });
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { code: 'AUTH.WRONG_PASSWORD', message: 'Password is incorrect' },
    ]);
  });

  it('when the user is an administrator, then 403 and the account stays', async () => {
    const username = uniqueEmail('admin');
    const created = await h.call('POST', '/internal/users', {
      as: 'service',
      body: { username, password: 'admin-pass', isAdmin: true },
    });
    expect(created.status).toBe(201);
    const res = await h.call('DELETE', '/api/user/account', {
      as: { user: created.body.id },
      body: { password: 'admin-pass' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'AUTH.ADMIN_SELF_DELETE',
      message: 'Administrators cannot delete their own account. Please contact the system administrator.',
    });
    expect((await h.call('GET', '/api/user', { as: { user: created.body.id } })).status).toBe(200);
  });

  it('when the password is right, then every session closes and user.deleted is recorded with the deletion mark', async () => {
    const user = await registered();
    const res = await h.call('DELETE', '/api/user/account', {
      as: { user: user.id },
      body: { password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('x-session-action')).toBe('close-all');
    const doc = await h.rawUser(user.id);
    expect(doc?.deletedAt).toBeInstanceOf(Date);
    expect(outbox(doc).map((e) => [e.type, e.data])).toEqual([
      ['user.registered', expect.anything()],
      ['user.deleted', { userId: user.id, username: user.username }],
      ['user.sessions_revoked', { userId: user.id }],
    ]);
    const me = await h.call('GET', '/api/user', { as: { user: user.id } });
    expect([me.status, me.headers.get('x-session-action')]).toEqual([401, 'close']);
    const again = await h.call('POST', '/api/register', {
      body: { username: user.username, password: 'secret' },
    });
    expect(again.status).toBe(201);
  });
});

describe('password recovery', () => {
  const SAME_ANSWER = {
    success: true,
    message: 'If an account exists for that address, a reset link is on its way.',
  };

  /** The link of the latest reset request (written just after the answer: waited for, 5 s at most). */
  async function tokenFor(userId: string, after = 0): Promise<string> {
    const requested = async () =>
      outbox(await h.rawUser(userId)).filter((e) => e.type === 'password.reset_requested');
    for (let i = 0; i < 100 && (await requested()).length <= after; i++)
      await new Promise((r) => setTimeout(r, 50));
    const event = (await requested()).at(-1);
    const url = new URL(String(event?.data.resetUrl));
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    return url.searchParams.get('token')!;
  }

  it('answers the same for a known and an unknown address; only the known one gets a link, stored as a hash', async () => {
    const user = await registered();
    const known = await h.call('POST', '/api/forgot-password', {
      body: { username: user.username.toUpperCase() },
    });
    const unknown = await h.call('POST', '/api/forgot-password', { body: { username: uniqueEmail() } });
    expect([known.status, known.body]).toEqual([200, SAME_ANSWER]);
    expect([unknown.status, unknown.body]).toEqual([200, SAME_ANSWER]);
    const token = await tokenFor(user.id);
    const doc = await h.rawUser(user.id);
    expect(doc?.resetTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify({ ...doc, outbox: [] })).not.toContain(token);
  });

  it('when the link is used, then the password changes, all sessions end and the link is dead afterwards', async () => {
    const user = await registered();
    await h.call('POST', '/api/forgot-password', { body: { username: user.username } });
    const token = await tokenFor(user.id);
    const short = await h.call('POST', '/api/reset-password', { body: { token, password: 'short' } });
    expect(short.body.message).toBe(
      'Password too short: Your new password must be at least 8 characters long',
    );
    const res = await h.call('POST', '/api/reset-password', { body: { token, password: 'recovered-pass' } });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    // The gateway ends every session of the user before the answer leaves, whatever the broker is doing.
    expect(res.headers.get('x-session-action')).toBe(`revoke-user; user=${user.id}`);
    const revoked = outbox(await h.rawUser(user.id)).at(-1);
    expect(revoked).toMatchObject({ type: 'user.sessions_revoked', data: { userId: user.id } });
    expect(revoked?.data).not.toHaveProperty('exceptSessionId');
    const login = await h.call('POST', '/api/login', {
      body: { username: user.username, password: 'recovered-pass' },
    });
    expect(login.status).toBe(200);
    const reuse = await h.call('POST', '/api/reset-password', { body: { token, password: 'another-pass' } });
    expect([reuse.status, reuse.body]).toEqual([
      400,
      { code: 'AUTH.INVALID_RESET_TOKEN', message: 'This reset link is invalid or has expired' },
    ]);
  });

  it('when the token is unknown or missing, then 400 "This reset link is invalid or has expired"', async () => {
    for (const body of [
      { token: 'made-up-token', password: 'recovered-pass' },
      { password: 'recovered-pass' },
    ]) {
      const res = await h.call('POST', '/api/reset-password', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This reset link is invalid or has expired');
    }
  });
});
