import { signUnsubscribeToken } from '@app/common';
import {
  DEMO_USERNAME,
  startDatabase,
  startHarness,
  uniqueEmail,
  UNSUBSCRIBE_KEY,
  type Harness,
} from './support/harness.ts';

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

async function registered(): Promise<{ id: string; username: string }> {
  const username = uniqueEmail();
  const res = await h.call('POST', '/api/register', { body: { username, password: 'first-pass' } });
  expect(res.status).toBe(201);
  return { id: res.body.id, username };
}

const PREFS = '/api/user/notification-preferences';

describe('notification preferences', () => {
  it('a signed-in user reads the defaults, changes one choice, and reads it back; the change is in the outbox', async () => {
    const user = await registered();
    const initial = await h.call('GET', PREFS, { as: { user: user.id } });
    expect([initial.status, initial.body]).toEqual([
      200,
      { taskChanges: 'instant', mentions: true, assignments: true, reminders: true, programUpdates: true },
    ]);
    expect(initial.headers.get('cache-control')).toBe('no-store');

    const changed = await h.call('PATCH', PREFS, {
      as: { user: user.id },
      body: { taskChanges: 'daily', assignments: false },
    });
    expect([changed.status, changed.body]).toEqual([
      200,
      { taskChanges: 'daily', mentions: true, assignments: false, reminders: true, programUpdates: true },
    ]);
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body).toEqual(changed.body);

    const doc = await h.rawUser(user.id);
    const events = (doc?.outbox as Array<{ type: string; data: unknown }>).filter(
      (e) => e.type === 'user.notification_preferences_changed',
    );
    expect(events.map((e) => e.data)).toEqual([
      {
        userId: user.id,
        taskChanges: 'daily',
        mentions: true,
        assignments: false,
        reminders: true,
        programUpdates: true,
        language: 'en',
      },
    ]);
  });

  it('due-date reminders (issue 17) are kept when turned off, and the event says so', async () => {
    const user = await registered();
    const off = await h.call('PATCH', PREFS, { as: { user: user.id }, body: { reminders: false } });
    expect(off.body).toEqual({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: false,
      programUpdates: true,
    });
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body).toEqual(off.body);
    const doc = await h.rawUser(user.id);
    const events = (doc?.outbox as Array<{ type: string; data: { reminders?: boolean } }>).filter(
      (e) => e.type === 'user.notification_preferences_changed',
    );
    expect(events.map((e) => e.data.reminders)).toEqual([false]);
  });

  it('program updates (at-risk alerts, weekly digests) are kept when turned off, alone, and the event says so', async () => {
    const user = await registered();
    const off = await h.call('PATCH', PREFS, { as: { user: user.id }, body: { programUpdates: false } });
    expect([off.status, off.body]).toEqual([
      200,
      { taskChanges: 'instant', mentions: true, assignments: true, reminders: true, programUpdates: false },
    ]);
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body).toEqual(off.body);
    const bad = await h.call('PATCH', PREFS, { as: { user: user.id }, body: { programUpdates: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'REQUEST.INVALID',
      message: 'programUpdates must be true or false',
      validationErrors: [{ path: ['programUpdates'], message: 'programUpdates must be true or false' }],
    });
    const doc = await h.rawUser(user.id);
    const events = (doc?.outbox as Array<{ type: string; data: unknown }>).filter(
      (e) => e.type === 'user.notification_preferences_changed',
    );
    expect(events.map((e) => e.data)).toEqual([
      {
        userId: user.id,
        taskChanges: 'instant',
        mentions: true,
        assignments: true,
        reminders: true,
        programUpdates: false,
        language: 'en',
      },
    ]);
  });

  it('a visitor gets 401; an unknown value or key gets 400 with the field named, and nothing changes', async () => {
    const anonymous = await h.call('GET', PREFS);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'AUTH.UNAUTHENTICATED']);
    const user = await registered();
    const bad = await h.call('PATCH', PREFS, { as: { user: user.id }, body: { taskChanges: 'weekly' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'REQUEST.INVALID',
      message: 'taskChanges must be one of instant, daily, off',
      validationErrors: [
        { path: ['taskChanges'], message: 'taskChanges must be one of instant, daily, off' },
      ],
    });
    const extra = await h.call('PATCH', PREFS, { as: { user: user.id }, body: { invitations: false } });
    expect(extra.status).toBe(400);
    const injected = await h.call('PATCH', PREFS, {
      as: { user: user.id },
      body: { mentions: { $ne: null } },
    });
    expect(injected.status).toBe(400);
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body).toEqual({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: true,
      programUpdates: true,
    });
  });
});

describe('one-click unsubscribe, signed out', () => {
  it('as a mail provider posts it (form-encoded List-Unsubscribe=One-Click, token in the query), it turns mentions off', async () => {
    const user = await registered();
    const token = signUnsubscribeToken(UNSUBSCRIBE_KEY, user.id, 'mentions');
    const res = await h.call('POST', `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([res.status, res.body]).toEqual([
      200,
      { success: true, topic: 'mentions', message: 'You will no longer receive mention e-mails.' },
    ]);
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body).toEqual({
      taskChanges: 'instant',
      mentions: false,
      assignments: true,
      reminders: true,
      programUpdates: true,
    });
  });

  it('as the web page posts it (JSON or no body), it turns task changes off; again is harmless', async () => {
    const user = await registered();
    const path = `/api/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(UNSUBSCRIBE_KEY, user.id, 'taskChanges'))}`;
    expect((await h.call('POST', path, { body: {} })).status).toBe(200);
    expect((await h.call('POST', path)).status).toBe(200);
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body.taskChanges).toBe('off');
  });

  it('a forged, missing or oversized token is 400 and changes nothing', async () => {
    const user = await registered();
    const forged = signUnsubscribeToken('someone-else-key-someone-else-key-00', user.id, 'assignments');
    const res = await h.call('POST', `/api/unsubscribe?token=${encodeURIComponent(forged)}`, { body: {} });
    expect([res.status, res.body]).toEqual([
      400,
      { code: 'UNSUBSCRIBE.INVALID_TOKEN', message: 'This unsubscribe link is invalid' },
    ]);
    expect((await h.call('POST', '/api/unsubscribe', { body: {} })).status).toBe(400);
    expect((await h.call('POST', `/api/unsubscribe?token=${'x'.repeat(5000)}`)).status).toBe(400);
    const huge = await h.call('POST', '/api/unsubscribe?token=x', {
      raw: 'List-Unsubscribe=One-Click&'.repeat(200),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([huge.status, huge.body.code]).toEqual([413, 'REQUEST.TOO_LARGE']);
    expect((await h.call('GET', PREFS, { as: { user: user.id } })).body.assignments).toBe(true);
  });
});

describe('the demo account for the venture service', () => {
  it('GET /internal/demo-account answers other services only: the demo user (the co-founder when seeded)', async () => {
    const asUser = await h.call('GET', '/internal/demo-account', {
      as: { user: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect([asUser.status, asUser.body.code]).toEqual([403, 'AUTH.INTERNAL_ONLY']);
    const registered = await h.call('POST', '/api/register', {
      body: { username: DEMO_USERNAME, password: 'demo-founder-2025' },
    });
    expect(registered.status).toBe(201);
    const res = await h.call('GET', '/internal/demo-account', { as: 'service' });
    expect([res.status, res.body]).toEqual([
      200,
      {
        owner: { userId: registered.body.id, email: DEMO_USERNAME, displayName: DEMO_USERNAME },
        coFounder: null,
      },
    ]);
    const session = await h.call('GET', '/api/user', { as: { user: registered.body.id } });
    expect(session.body.isDemo).toBe(true);
    const rename = await h.call('PATCH', `/internal/users/${registered.body.id}`, {
      as: 'service',
      body: { username: 'taken.over@example.com' },
    });
    expect([rename.status, rename.body.code]).toEqual([403, 'AUTH.DEMO_ACCOUNT_LOCKED']);
  });
});
