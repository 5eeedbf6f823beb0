import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, signUnsubscribeToken, unsubscribeKey, type InProcessEventBus } from '@app/common';
import { authApi, notificationApi } from '@app/contracts';
import type { RunningMailerService } from '@app/mailer';
import type { Browser } from '@app/testing';
import { startPlatform, unique, type Platform } from '@app/testing';
import mongoose from 'mongoose';

/*
 * Notification settings through the real gateway (auth, venture and the mailer on one in-process bus):
 * the access matrix of the preference, language (issue 21) and unsubscribe routes × {visitor, founder,
 * administrator}; the RFC
 * 8058 one-click POST as a mail provider sends it (form-encoded, no anti-forgery header, no session) while
 * every other state-changing call keeps its CSRF check; and a preference set in auth decides the mailer's
 * next e-mail, with no call between them.
 */
const SECRET = 'notification-settings-secret-0123456789abcdef';
const ADMIN_EMAIL = 'root@notifications.test';
const ADMIN_PASSWORD = 'root-password-1';
const KEY = unsubscribeKey({ INTERNAL_SECRET: SECRET });
const PREFS = notificationApi.getPreferences.path;

let platform: Platform;
let dataDir: string;
const MAILER_DB = `mailer_notifications_${unique()}`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'notification-settings-'));
  platform = await startPlatform({
    services: ['mailer', 'auth', 'venture'],
    secret: SECRET,
    env: {
      services: { DATA_DIR: dataDir },
      auth: { ADMIN_EMAIL, ADMIN_PASSWORD },
      gateway: { LOGIN_LIMIT_PER_CLIENT: '100000', REGISTER_LIMIT_PER_CLIENT: '100000' },
    },
    overrides: { mailer: { dbName: MAILER_DB } },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Role = 'visitor' | 'founder' | 'administrator';

async function as(role: Role): Promise<{ browser: Browser; userId: string | null }> {
  if (role === 'visitor') return { browser: platform.browser(), userId: null };
  if (role === 'administrator') {
    const browser = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    return { browser, userId: (await browser.call('GET', '/api/user')).body.id };
  }
  const { browser, user } = await platform.newUser();
  return { browser, userId: user.id };
}

/** A token for the caller (a visitor unsubscribes a fresh founder: the link works signed out). */
async function tokenFor(userId: string | null): Promise<string> {
  const id = userId ?? (await platform.newUser()).user.id;
  return encodeURIComponent(signUnsubscribeToken(KEY, id, 'assignments'));
}

const matrix: Array<{
  route: string;
  call: (browser: Browser, userId: string | null) => Promise<{ status: number; body: { code?: string } }>;
  expected: Record<Role, number>;
}> = [
  {
    route: `GET ${PREFS}`,
    call: (browser) => browser.call('GET', PREFS),
    expected: { visitor: 401, founder: 200, administrator: 200 },
  },
  {
    route: `PATCH ${PREFS}`,
    call: (browser) => browser.call('PATCH', PREFS, { mentions: false }),
    expected: { visitor: 401, founder: 200, administrator: 200 },
  },
  {
    route: `POST ${notificationApi.unsubscribe.path}`,
    call: async (browser, userId) =>
      browser.call('POST', `${notificationApi.unsubscribe.path}?token=${await tokenFor(userId)}`, {}),
    expected: { visitor: 200, founder: 200, administrator: 200 },
  },
  // Issue 21: the language goes to the mailer with the preferences, so it belongs to this matrix.
  {
    route: `PATCH ${authApi.updateLanguage.path}`,
    call: (browser) => browser.call('PATCH', authApi.updateLanguage.path, { language: 'es' }),
    expected: { visitor: 401, founder: 200, administrator: 200 },
  },
];

describe('notification settings access matrix', () => {
  it('covers every notification route of the contracts, and the language route', () => {
    expect(matrix.map((row) => row.route).sort()).toEqual(
      [...Object.values(notificationApi), authApi.updateLanguage].map((r) => `${r.method} ${r.path}`).sort(),
    );
  });

  it.each(
    matrix.flatMap((row) =>
      (['visitor', 'founder', 'administrator'] as const).map((role) => [row.route, role, row] as const),
    ),
  )(
    '%s as %s',
    async (_route, role, row) => {
      const { browser, userId } = await as(role);
      const reply = await row.call(browser, userId);
      expect(reply.status).toBe(row.expected[role]);
      if (reply.status === 401) expect(reply.body.code).toBe('AUTH.UNAUTHENTICATED');
    },
    20_000,
  );
});

describe('one-click unsubscribe through the gateway', () => {
  it('a mail provider’s POST (form-encoded, no anti-forgery header, no cookie) turns the kind off', async () => {
    const { browser, user } = await platform.newUser();
    const token = encodeURIComponent(signUnsubscribeToken(KEY, user.id, 'mentions'));
    const res = await fetch(`${platform.base}${notificationApi.unsubscribe.path}?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      topic: 'mentions',
      message: 'You will no longer receive mention e-mails.',
    });
    expect((await browser.call('GET', PREFS)).body).toEqual({
      taskChanges: 'instant',
      mentions: false,
      assignments: true,
      reminders: true,
      programUpdates: true,
    });
  });

  it('a due-date reminder’s one-click link turns reminders off, and only them (issue 17)', async () => {
    const { browser, user } = await platform.newUser();
    const token = encodeURIComponent(signUnsubscribeToken(KEY, user.id, 'reminders'));
    const res = await fetch(`${platform.base}${notificationApi.unsubscribe.path}?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      topic: 'reminders',
      message: 'You will no longer receive due-date reminders.',
    });
    expect((await browser.call('GET', PREFS)).body).toEqual({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: false,
      programUpdates: true,
    });
    // The account page's switch turns them back on, and the choice is kept.
    expect((await browser.call('PATCH', PREFS, { reminders: true })).body).toMatchObject({ reminders: true });
    expect((await browser.call('GET', PREFS)).body).toMatchObject({ reminders: true, mentions: true });
  });

  it('an at-risk alert’s or weekly digest’s one-click link turns program updates off, and only them', async () => {
    const { browser, user } = await platform.newUser();
    const token = encodeURIComponent(signUnsubscribeToken(KEY, user.id, 'programUpdates'));
    const res = await fetch(`${platform.base}${notificationApi.unsubscribe.path}?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      topic: 'programUpdates',
      message: 'You will no longer receive program updates (at-risk alerts and weekly digests).',
    });
    expect((await browser.call('GET', PREFS)).body).toEqual({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: true,
      programUpdates: false,
    });
  });

  it('a forged token is 400 JSON; other state-changing calls keep their CSRF check', async () => {
    const forged = await fetch(`${platform.base}${notificationApi.unsubscribe.path}?token=v1.x.mentions.y`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      code: 'UNSUBSCRIBE.INVALID_TOKEN',
      message: 'This unsubscribe link is invalid',
    });
    const { browser } = await platform.newUser();
    const csrf = await fetch(`${platform.base}${PREFS}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: browser.cookie! },
      body: JSON.stringify({ mentions: false }),
    });
    expect(csrf.status).toBe(403);
    expect(((await csrf.json()) as { code: string }).code).toBe('CSRF.MISSING_HEADER');
    const language = await fetch(`${platform.base}${authApi.updateLanguage.path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: browser.cookie! },
      body: JSON.stringify({ language: 'es' }),
    });
    expect(language.status).toBe(403);
    expect(((await language.json()) as { code: string }).code).toBe('CSRF.MISSING_HEADER');
  });
});

describe('a preference set in auth decides the mailer’s next e-mail', () => {
  async function taskEmailsTo(username: string, kind = 'task-status'): Promise<string[]> {
    const dir = path.join(dataDir, 'mail');
    const files = await readdir(dir).catch(() => [] as string[]);
    const found: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.eml') && f.includes(`-${kind}-`))) {
      const eml = await readFile(path.join(dir, file), 'utf8');
      if (eml.includes(`To: ${username}`)) found.push(file);
    }
    return found;
  }

  async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('not within the time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Auth's and venture's outboxes are relayed independently: wait until the mailer kept the change. */
  async function keptByMailer(
    userId: string,
    taskChanges: string,
    kept: Record<string, unknown> = {},
  ): Promise<void> {
    const connection = await mongoose.createConnection(platform.mongo.url, { dbName: MAILER_DB }).asPromise();
    try {
      await eventually(async () => {
        const doc = await connection.collection('notification_preferences').findOne({ _id: userId as never });
        return (
          doc?.taskChanges === taskChanges && Object.entries(kept).every(([key, value]) => doc[key] === value)
        );
      });
    } finally {
      await connection.close();
    }
  }

  /** The venture's events are published (its outbox is empty) and the in-process bus delivered them. */
  async function handledByMailer(ventureId: string): Promise<void> {
    const connection = await mongoose.createConnection(platform.mongo.url, { dbName: 'venture' }).asPromise();
    try {
      await eventually(async () => {
        const doc = await connection
          .collection('ventures')
          .findOne({ _id: new mongoose.Types.ObjectId(ventureId) as never });
        return (doc?.outbox ?? []).length === 0;
      });
    } finally {
      await connection.close();
    }
    await (platform.bus as InProcessEventBus).idle();
  }

  it('with task changes "off", the founder’s next status change sends no e-mail; back to "instant", it does', async () => {
    const { browser, user } = await platform.newUser();
    const venture = await browser.call('POST', '/api/ventures', { name: 'Quiet Venture' });
    expect(venture.status).toBe(201);
    const [first, second] = venture.body.tasks as Array<{ id: string }>;

    expect((await browser.call('PATCH', PREFS, { taskChanges: 'off' })).status).toBe(200);
    await keptByMailer(user.id, 'off');
    expect(
      (await browser.call('PATCH', `/api/venture-tasks/${first!.id}`, { status: 'in_progress' })).status,
    ).toBe(200);
    await handledByMailer(venture.body.id);

    expect((await browser.call('PATCH', PREFS, { taskChanges: 'instant' })).status).toBe(200);
    await keptByMailer(user.id, 'instant');
    expect(
      (await browser.call('PATCH', `/api/venture-tasks/${second!.id}`, { status: 'in_progress' })).status,
    ).toBe(200);
    await eventually(async () => (await taskEmailsTo(user.username)).length >= 1);
    const stats = platform.service<RunningMailerService>('mailer').stats();
    expect(await taskEmailsTo(user.username)).toHaveLength(1);
    expect(stats.dead_lettered).toBe(0);
  }, 30_000);

  it('issue 21: after PATCH /api/user/language "es", the founder’s next status-change e-mail is Spanish', async () => {
    const { browser, user } = await platform.newUser();
    const venture = await browser.call('POST', '/api/ventures', { name: 'Kiosco' });
    expect(venture.status).toBe(201);
    const [first] = venture.body.tasks as Array<{ id: string }>;
    const changed = await browser.call('PATCH', authApi.updateLanguage.path, { language: 'es' });
    expect([changed.status, changed.body.language]).toEqual([200, 'es']);
    await keptByMailer(user.id, 'instant', { language: 'es' });
    expect(
      (await browser.call('PATCH', `/api/venture-tasks/${first!.id}`, { status: 'in_progress' })).status,
    ).toBe(200);
    await eventually(async () => (await taskEmailsTo(user.username)).length >= 1);
    const [file] = await taskEmailsTo(user.username);
    const eml = await readFile(path.join(dataDir, 'mail', file!), 'utf8');
    expect(eml).toContain('<html lang=3D"es">');
    expect(eml.replace(/\r?\n[ \t]+/g, ' ')).toMatch(/^Subject: Tarea actualizada a En curso: /m);
  }, 30_000);

  it('with program updates off, a venture turning at risk e-mails none of its mentors; back on, it does', async () => {
    const { browser, user } = await platform.newUser();
    const bus = platform.bus as InProcessEventBus;
    const atRisk = () =>
      createEvent(
        'venture.at_risk',
        {
          ventureId: '0123456789abcdef01234567',
          ventureName: 'Solar Kiosk',
          programId: '76543210fedcba9876543210',
          programName: 'Spring cohort',
          organizationName: 'Harbour Accelerator',
          reasons: [{ kind: 'inactive', value: 18, text: 'no activity for 18 days' }],
          notify: [{ userId: user.id, email: user.username, displayName: user.username }],
        },
        { producer: 'venture' },
      );

    // Reminders stay on: the program e-mails follow their own preference.
    expect((await browser.call('PATCH', PREFS, { programUpdates: false })).status).toBe(200);
    await keptByMailer(user.id, 'instant', { programUpdates: false, reminders: true });
    await bus.publish([atRisk()]);
    await bus.idle();
    expect(await taskEmailsTo(user.username, 'venture-at-risk')).toEqual([]);

    expect((await browser.call('PATCH', PREFS, { programUpdates: true, reminders: false })).status).toBe(200);
    await keptByMailer(user.id, 'instant', { programUpdates: true, reminders: false });
    const sent = atRisk();
    await bus.publish([sent]);
    await eventually(async () => (await taskEmailsTo(user.username, 'venture-at-risk')).length >= 1);
    const files = await taskEmailsTo(user.username, 'venture-at-risk');
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(sent.id);
    const eml = await readFile(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('List-Unsubscribe:');
  }, 30_000);
});
