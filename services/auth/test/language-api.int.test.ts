import { accountExportSchema, notificationApi, userSchema } from '@app/contracts';
import { DEMO_USERNAME, startDatabase, startHarness, uniqueEmail, type Harness } from './support/harness.ts';

/*
 * Issue 21: the user's language. Picked at registration (the body's, else the browser's Accept-Language,
 * else English), answered with the user everywhere, changed with PATCH /api/user/language, and told to the
 * mailer in the events it writes e-mails from.
 */

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

const LANGUAGE = '/api/user/language';
const PREFS = notificationApi.updatePreferences.path;

type OutboxEntry = { type: string; data: Record<string, unknown> };

async function outbox(id: string): Promise<OutboxEntry[]> {
  return ((await h.rawUser(id))?.outbox ?? []) as OutboxEntry[];
}

async function register(
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ id: string; username: string; language: unknown }> {
  const username = uniqueEmail();
  const res = await h.call('POST', '/api/register', {
    body: { username, password: 'first-pass', ...body },
    headers,
  });
  expect(res.status).toBe(201);
  expect(userSchema.safeParse(res.body).success).toBe(true);
  return { id: res.body.id, username, language: res.body.language };
}

describe('the language at registration', () => {
  it("when the body names a language, then the user has it, whatever the browser's Accept-Language, and user.registered carries it", async () => {
    const user = await register({ language: 'es' }, { 'accept-language': 'en-US,en;q=0.9' });
    expect(user.language).toBe('es');
    expect((await h.rawUser(user.id))?.language).toBe('es');
    expect((await outbox(user.id)).map((e) => [e.type, e.data])).toEqual([
      ['user.registered', { userId: user.id, username: user.username, organizationId: null, language: 'es' }],
    ]);
    const english = await register({ language: 'en' }, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(english.language).toBe('en');
  });

  it("when the body names none, then the browser's Accept-Language decides (regional tags and quality values honoured)", async () => {
    const mexican = await register({}, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(mexican.language).toBe('es');
    expect((await outbox(mexican.id))[0]!.data.language).toBe('es');
    const ranked = await register({}, { 'accept-language': 'fr;q=0.9,es;q=0.5,en;q=0.4' });
    expect(ranked.language).toBe('es');
  });

  it('when neither the body nor the browser names a supported language, then English', async () => {
    expect((await register({}, { 'accept-language': 'fr-FR,de;q=0.8' })).language).toBe('en');
    const bare = await register();
    expect(bare.language).toBe('en');
    expect((await outbox(bare.id))[0]!.data.language).toBe('en');
  });

  it('when the body names an unknown language, then 400 with the validation error and no account', async () => {
    const username = uniqueEmail();
    const res = await h.call('POST', '/api/register', {
      body: { username, password: 'first-pass', language: 'fr' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'REQUEST.INVALID' });
    expect(res.body.validationErrors).toEqual([{ path: ['language'], message: expect.any(String) }]);
    const login = await h.call('POST', '/api/login', { body: { username, password: 'first-pass' } });
    expect(login.status).toBe(401);
  });
});

describe('PATCH /api/user/language', () => {
  it('when a user picks Spanish, then the answer and GET /api/user have it, and the preferences event carries the whole preferences and the language in the same write', async () => {
    const user = await register();
    const prefsChanged = await h.call('PATCH', PREFS, {
      as: { user: user.id },
      body: { taskChanges: 'daily', mentions: false },
    });
    expect(prefsChanged.status).toBe(200);
    const res = await h.call('PATCH', LANGUAGE, { as: { user: user.id }, body: { language: 'es' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username, language: 'es' });
    expect(userSchema.safeParse(res.body).success).toBe(true);
    expect((await h.call('GET', '/api/user', { as: { user: user.id } })).body.language).toBe('es');
    const changes = (await outbox(user.id)).filter((e) => e.type === 'user.notification_preferences_changed');
    expect(changes.map((e) => e.data)).toEqual([
      {
        userId: user.id,
        taskChanges: 'daily',
        mentions: false,
        assignments: true,
        reminders: true,
        programUpdates: true,
        language: 'en',
      },
      {
        userId: user.id,
        taskChanges: 'daily',
        mentions: false,
        assignments: true,
        reminders: true,
        programUpdates: true,
        language: 'es',
      },
    ]);
    // The preferences are untouched by the language change.
    const prefs = await h.call('GET', PREFS, { as: { user: user.id } });
    expect(prefs.body).toMatchObject({ taskChanges: 'daily', mentions: false });
  });

  it('when the preferences change after the language, then their event keeps carrying the language', async () => {
    const user = await register({ language: 'es' });
    const res = await h.call('PATCH', PREFS, {
      as: { user: user.id },
      body: { reminders: false },
    });
    expect(res.status).toBe(200);
    const [change] = (await outbox(user.id)).filter(
      (e) => e.type === 'user.notification_preferences_changed',
    );
    expect(change!.data).toMatchObject({ reminders: false, language: 'es' });
  });

  it('when the language is unknown, missing or comes with other keys, then 400 and nothing changes', async () => {
    const user = await register();
    for (const body of [{ language: 'fr' }, {}, { language: 'es', theme: 'dark' }, { language: 'ES' }]) {
      const res = await h.call('PATCH', LANGUAGE, { as: { user: user.id }, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.INVALID');
      expect(typeof res.body.message).toBe('string');
    }
    expect((await h.call('GET', '/api/user', { as: { user: user.id } })).body.language).toBe('en');
    expect((await outbox(user.id)).map((e) => e.type)).toEqual(['user.registered']);
  });

  it('when signed out, then 401 AUTH.UNAUTHENTICATED; when the user was deleted since, then 401 and the session closes', async () => {
    const anonymous = await h.call('PATCH', LANGUAGE, { body: { language: 'es' } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'AUTH.UNAUTHENTICATED']);
    const gone = await h.call('PATCH', LANGUAGE, {
      as: { user: 'ffffffffffffffffffffffff' },
      body: { language: 'es' },
    });
    expect([gone.status, gone.body.code, gone.headers.get('x-session-action')]).toEqual([
      401,
      'AUTH.SESSION_ENDED',
      'close',
    ]);
  });

  it('the demo account may change it too (it is only the reading language)', async () => {
    const demo = await h.call('POST', '/api/register', {
      body: { username: DEMO_USERNAME, password: 'demo-founder-2025' },
    });
    expect(demo.status).toBe(201);
    const res = await h.call('PATCH', LANGUAGE, { as: { user: demo.body.id }, body: { language: 'es' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'es', isDemo: true });
  });

  it('a user stored before issue 21 (no language field) reads as English', async () => {
    const user = await register({ language: 'es' });
    const { Types } = await import('mongoose');
    await h.mongo.connection
      .collection('users')
      .updateOne({ _id: new Types.ObjectId(user.id) }, { $unset: { language: '' } });
    expect((await h.call('GET', '/api/user', { as: { user: user.id } })).body.language).toBe('en');
  });
});

describe('the language in the other events and the export', () => {
  it("password.reset_requested carries the user's language", async () => {
    const user = await register({ language: 'es' });
    const res = await h.call('POST', '/api/forgot-password', { body: { username: user.username } });
    expect(res.status).toBe(200);
    // The token and its event are written just after the answer.
    let reset: OutboxEntry | undefined;
    for (let i = 0; i < 50 && !reset; i += 1) {
      reset = (await outbox(user.id)).find((e) => e.type === 'password.reset_requested');
      if (!reset) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(reset?.data).toMatchObject({ userId: user.id, username: user.username, language: 'es' });
  });

  it("the account export's profile has the language", async () => {
    const user = await register({ language: 'es' });
    const res = await h.call('GET', '/api/user/export', { as: { user: user.id } });
    expect(res.status).toBe(200);
    expect(accountExportSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.profile).toMatchObject({ id: user.id, language: 'es' });
  });
});
