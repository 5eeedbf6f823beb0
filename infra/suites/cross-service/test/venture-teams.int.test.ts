import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, startTeamPlatform, type TeamPlatform } from './support/team-platform.ts';

/*
 * Issue 16 through the real gateway, auth and venture services: an invitation followed as its invitee
 * would (the link read from the event, opened signed out, accepted after signing up), a shared roadmap,
 * a demotion taking effect at once, and the admin dashboard's member counts.
 */

let tp: TeamPlatform;

beforeAll(async () => {
  tp = await startTeamPlatform();
}, 60_000);

afterAll(async () => {
  await tp?.close();
});

describe('a founding team through the gateway', () => {
  it('A invites B as editor; B accepts and starts a task; A sees it in the activity; demoted, B is refused; C sees nothing', async () => {
    const a = await tp.platform.newUser();
    const created = await a.browser.call('POST', '/api/ventures', { name: 'Two Founders' });
    const ventureId = created.body.id as string;
    const taskId = created.body.tasks[0].id as string;

    // B is invited before having an account, opens the link signed out, signs up, accepts.
    const b = await tp.platform.newUser();
    const { token } = await tp.invite(a, ventureId, b.user.username, 'editor');
    const preview = await new Browser(tp.platform.base).call('POST', '/api/invitations/preview', { token });
    expect([
      preview.status,
      preview.body.ventureName,
      preview.body.role,
      preview.body.viewer.signedIn,
    ]).toEqual([200, 'Two Founders', 'editor', false]);
    const accepted = await b.browser.call('POST', '/api/invitations/accept', { token });
    expect([accepted.status, accepted.body]).toEqual([
      200,
      { ventureId, role: 'editor', alreadyMember: false },
    ]);
    const shared = await b.browser.call('GET', '/api/ventures');
    expect(shared.body.map((v: { id: string; role: string }) => [v.id, v.role])).toEqual([
      [ventureId, 'editor'],
    ]);

    const started = await b.browser.call('PATCH', `/api/venture-tasks/${taskId}`, { status: 'in_progress' });
    expect(started.status).toBe(200);
    const seen = await a.browser.call('GET', `/api/ventures/${ventureId}`);
    expect(seen.body.tasks[0].status).toBe('in_progress');
    const deadline = Date.now() + 10_000;
    let activity = await a.browser.call('GET', `/api/ventures/${ventureId}/activity`);
    while (!activity.body.entries.some((e: { kind: string }) => e.kind === 'task.status_changed')) {
      if (Date.now() > deadline) throw new Error('no activity');
      await new Promise((resolve) => setTimeout(resolve, 20));
      activity = await a.browser.call('GET', `/api/ventures/${ventureId}/activity`);
    }
    expect(activity.body.entries[0]).toMatchObject({
      kind: 'task.status_changed',
      actor: { userId: b.user.id },
      details: { taskId, fromStatus: 'todo', toStatus: 'in_progress' },
    });

    const demoted = await a.browser.call('PATCH', `/api/ventures/${ventureId}/members/${b.user.id}`, {
      role: 'viewer',
    });
    expect([demoted.status, demoted.body.role]).toEqual([200, 'viewer']);
    const refused = await b.browser.call('PATCH', `/api/venture-tasks/${taskId}`, { status: 'done' });
    expect([refused.status, refused.body.code]).toEqual([403, 'VENTURE.FORBIDDEN']);

    const c = await tp.platform.newUser();
    const hidden = await c.browser.call('GET', `/api/ventures/${ventureId}`);
    expect([hidden.status, hidden.body]).toEqual([
      404,
      { code: 'VENTURE.NOT_FOUND', message: 'Venture not found' },
    ]);

    const rows = await tp.administrator.call('GET', '/api/admin/ventures?q=Two+Founders');
    expect(rows.body.items.find((v: { id: string }) => v.id === ventureId)).toMatchObject({
      name: 'Two Founders',
      memberCount: 2,
    });
  });
});
