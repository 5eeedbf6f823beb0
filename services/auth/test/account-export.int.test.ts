import { accountExportSchema, type UserVentureData } from '@app/contracts';
import { startDatabase, startHarness, uniqueEmail, type Harness } from './support/harness.ts';

/*
 * Issue 17: the account export (right to data portability): profile, notification preferences and the
 * venture service's data of the user, as a dated attachment; never the password hash.
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

async function registered(): Promise<{ id: string; username: string }> {
  const username = uniqueEmail();
  const res = await h.call('POST', '/api/register', { body: { username, password: 'first-pass' } });
  expect(res.status).toBe(201);
  return { id: res.body.id, username };
}

const EXPORT = '/api/user/export';

describe('account export', () => {
  it('holds the profile, the preferences and the user’s ventures as the venture service gave them, as a dated attachment', async () => {
    const user = await registered();
    await h.call('PATCH', '/api/user/notification-preferences', {
      as: { user: user.id },
      body: { mentions: false },
    });
    const ventures: UserVentureData = {
      ventures: [
        {
          id: '0123456789abcdef01234567',
          name: 'Mine',
          blurb: '',
          createdAt: '2026-11-01T10:00:00.000Z',
          timeZone: 'Europe/Berlin',
          targetLaunchDate: null,
          role: 'owner',
          members: [],
          tasks: [],
          comments: [],
          activity: [],
        },
      ],
    };
    h.ventureData.byUser.set(user.id, ventures);

    const res = await h.call('GET', EXPORT, { as: { user: user.id } });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="venture-roadmap-account-${today}.json"`,
    );
    const archive = accountExportSchema.parse(res.body);
    expect(archive.profile).toMatchObject({ id: user.id, username: user.username });
    expect(archive.notificationPreferences.mentions).toBe(false);
    expect(archive.ventures).toEqual(ventures.ventures);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|scrypt/);
    expect(h.ventureData.calls.at(-1)).toBe(user.id);
  });

  it('a visitor gets 401 and the venture service is not asked; while it is down the export answers 503', async () => {
    const asked = h.ventureData.calls.length;
    expect((await h.call('GET', EXPORT)).status).toBe(401);
    expect(h.ventureData.calls.length).toBe(asked);

    const user = await registered();
    h.ventureData.down = true;
    try {
      const res = await h.call('GET', EXPORT, { as: { user: user.id } });
      expect([res.status, res.body.code]).toEqual([503, 'UPSTREAM.UNAVAILABLE']);
    } finally {
      h.ventureData.down = false;
    }
  });
});
