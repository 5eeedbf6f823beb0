import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InProcessEventBus } from '@app/common';
import { notificationApi } from '@app/contracts';
import { startPlatform, type Platform } from '@app/testing';

/*
 * The e-mails of a shared venture end to end: the venture service's events (through its outboxes) and the
 * mailer (preferences kept from auth's events) on one in-process bus behind the real gateway; the e-mails
 * read back as the `.eml` files `npm start` writes. The invitation's link, sealed by the venture service,
 * is opened by the mailer and works for the invitee.
 */
let platform: Platform;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'team-mail-'));
  platform = await startPlatform({
    services: ['mailer', 'auth', 'venture'],
    secret: 'team-mail-cross-service-secret-0123456789abc',
    env: {
      services: { DATA_DIR: dataDir, PUBLIC_URL: 'https://app.team-mail.test' },
      gateway: { LOGIN_LIMIT_PER_CLIENT: '100000', REGISTER_LIMIT_PER_CLIENT: '100000' },
    },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every e-mail written so far to `address`, decoded enough to read (quoted-printable undone). */
async function mailsTo(address: string): Promise<Array<{ file: string; text: string }>> {
  const dir = path.join(dataDir, 'mail');
  const out: Array<{ file: string; text: string }> = [];
  for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    // Soft line breaks undone, `=3D` decoded, folded headers unfolded.
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .replace(/\r?\n[ \t]+/g, ' ');
    if (new RegExp(`^To: (?:.*<)?${address.replace(/[.+]/g, '\\$&')}>?$`, 'm').test(text))
      out.push({ file, text });
  }
  return out;
}

async function settle(): Promise<void> {
  // Outboxes are relayed within a moment; then the in-process bus delivers and the mailer writes.
  for (let i = 0; i < 3; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await (platform.bus as InProcessEventBus).idle();
  }
}

async function eventually<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      const files = await readdir(path.join(dataDir, 'mail')).catch(() => []);
      throw new Error(`not within 10 s: ${what} (e-mails written: ${files.join(', ')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a shared venture’s e-mails', () => {
  it('invitation → accept → "joined" to the owner; a mention reaches the owner until they turn mentions off; nobody hears of their own actions', async () => {
    const owner = await platform.newUser();
    const venture = await owner.browser.call('POST', '/api/ventures', { name: 'Team Mail Venture' });
    expect(venture.status).toBe(201);
    const inviteeAddress = `invitee.${Date.now()}@example.com`;
    const invited = await owner.browser.call('POST', `/api/ventures/${venture.body.id}/invitations`, {
      email: inviteeAddress,
      role: 'editor',
    });
    expect(invited.status).toBe(201);

    const [invitation] = await eventually(
      'the invitation e-mail',
      () => mailsTo(inviteeAddress),
      (m) => m.length === 1,
    );
    expect(invitation!.text).toMatch(/^Subject: .*invited you to Team Mail Venture on Venture Roadmap$/m);
    expect(invitation!.text).not.toMatch(/^List-Unsubscribe/m);
    const link = /https:\/\/app\.team-mail\.test\/\S*#token=([A-Za-z0-9_%-]+)/.exec(invitation!.text);
    expect(link).not.toBeNull();

    // The invitee signs up with the invited address and accepts with the link's token.
    const invitee = platform.browser();
    expect(
      (await invitee.call('POST', '/api/register', { username: inviteeAddress, password: 'secret12' }))
        .status,
    ).toBe(201);
    const accepted = await invitee.call('POST', '/api/invitations/accept', {
      token: decodeURIComponent(link![1]!),
    });
    expect(accepted.status).toBe(200);

    const joined = await eventually(
      'the "joined" e-mail to the owner',
      async () => (await mailsTo(owner.user.username)).filter((m) => m.file.includes('-member-joined-')),
      (m) => m.length === 1,
    );
    expect(joined).toHaveLength(1);

    // The invitee mentions the owner on a task: the owner gets a mention e-mail with the unsubscribe headers.
    const detail = await owner.browser.call('GET', `/api/ventures/${venture.body.id}`);
    const task = (detail.body.tasks as Array<{ id: string }>)[0]!;
    const ownerMention = `@${owner.user.username}`;
    const comment = await invitee.call('POST', `/api/venture-tasks/${task.id}/comments`, {
      body: `${ownerMention} can you review?`,
    });
    expect(comment.status).toBe(201);
    const mentions = await eventually(
      'the mention e-mail',
      async () => (await mailsTo(owner.user.username)).filter((m) => m.file.includes('-comment-mention-')),
      (m) => m.length === 1,
    );
    expect(mentions[0]!.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Mentions off (as the link in that e-mail would do, signed out): the next mention sends nothing.
    const token =
      /^List-Unsubscribe: <https:\/\/app\.team-mail\.test\/api\/unsubscribe\?token=([^>]+)>$/m.exec(
        mentions[0]!.text.replace(/\r?\n[ \t]+/g, ' '),
      )![1]!;
    const off = await platform
      .browser()
      .call('POST', `${notificationApi.unsubscribe.path}?token=${token}`, {});
    expect([off.status, off.body.topic]).toEqual([200, 'mentions']);
    await settle();
    expect(
      (
        await invitee.call('POST', `/api/venture-tasks/${task.id}/comments`, {
          body: `${ownerMention} again?`,
        })
      ).status,
    ).toBe(201);
    await settle();
    expect(
      (await mailsTo(owner.user.username)).filter((m) => m.file.includes('-comment-mention-')),
    ).toHaveLength(1);

    // The invitee (an editor) moves the task: the owner hears of it, the invitee does not.
    expect(
      (await invitee.call('PATCH', `/api/venture-tasks/${task.id}`, { status: 'in_progress' })).status,
    ).toBe(200);
    await eventually(
      'the task change e-mail to the owner',
      async () => (await mailsTo(owner.user.username)).filter((m) => m.file.includes('-task-change-')),
      (m) => m.length === 1,
    );
    await settle();
    // The invitee got the invitation and the welcome e-mail of their new account, nothing of their own acts.
    const kinds = (await mailsTo(inviteeAddress)).map((m) =>
      m.file.replace(/^.*?Z-([a-z-]+?)-[0-9a-f]{8}-[0-9a-f-]{27}\.eml$/, '$1'),
    );
    expect(kinds.sort()).toEqual(['invitation', 'welcome']);
  }, 40_000);
});
