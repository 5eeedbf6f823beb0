import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountExportSchema } from '@app/contracts';
import { startTeamPlatform, type TeamPlatform } from './support/team-platform.ts';

/*
 * Issue 17, the right to data portability, through the real gateway: the auth service's account export
 * holds the venture service's data of the user (every venture they are a member of, own and shared, with
 * members, tasks, comments and history) and nothing of anyone else's.
 */

let tp: TeamPlatform;

beforeAll(async () => {
  tp = await startTeamPlatform();
}, 60_000);

afterAll(async () => {
  await tp?.close();
});

describe('account export', () => {
  it('contains every venture of the user (own and shared) and nothing of anyone else’s', async () => {
    const team = await tp.team();
    const other = await tp.team();
    const { editor } = team;
    const own = await editor.browser.call('POST', '/api/ventures', { name: 'Editor’s own' });
    expect(own.status).toBe(201);
    const comment = await editor.browser.call('POST', `/api/venture-tasks/${team.taskIds[0]}/comments`, {
      body: 'Exported with me',
    });
    expect(comment.status).toBe(201);
    const secret = await other.owner.browser.call('POST', `/api/venture-tasks/${other.taskIds[0]}/comments`, {
      body: 'Only for the other team',
    });
    expect(secret.status).toBe(201);
    expect(
      (await editor.browser.call('PATCH', `/api/venture-tasks/${team.taskIds[0]}`, { status: 'in_progress' }))
        .status,
    ).toBe(200);

    const res = await editor.browser.call('GET', '/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="venture-roadmap-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const archive = accountExportSchema.parse(res.body);
    expect(archive.profile).toMatchObject({ id: editor.user.id, username: editor.user.username });
    expect(archive.ventures.map((v) => v.id).sort()).toEqual([team.ventureId, own.body.id].sort());
    const shared = archive.ventures.find((v) => v.id === team.ventureId)!;
    expect(shared.role).toBe('editor');
    expect(shared.tasks).toHaveLength(50);
    expect(shared.members).toHaveLength(3);
    expect(shared.comments.map((c) => c.body)).toEqual(['Exported with me']);
    expect(shared.activity.some((a) => a.kind === 'member.joined')).toBe(true);
    expect(archive.ventures.find((v) => v.id === own.body.id)!.role).toBe('owner');

    const text = JSON.stringify(res.body);
    expect(text).not.toContain(other.ventureId);
    expect(text).not.toContain('Only for the other team');
    expect(text).not.toContain(other.owner.user.username);
    expect(text).not.toMatch(/passwordHash|\$argon2/);
  }, 60_000);
});
