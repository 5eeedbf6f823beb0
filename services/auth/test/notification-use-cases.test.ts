import { signUnsubscribeToken } from '@app/common';
import { getCurrentUser } from '../src/domain/get-current-user.ts';
import { getNotificationPreferences } from '../src/domain/get-notification-preferences.ts';
import { logIn } from '../src/domain/log-in.ts';
import { registerUser } from '../src/domain/register-user.ts';
import { unsubscribe } from '../src/domain/unsubscribe.ts';
import { updateNotificationPreferences } from '../src/domain/update-notification-preferences.ts';
import { updateUser } from '../src/domain/update-user.ts';
import { caller, DEMO_USERNAME, testContext, UNSUBSCRIBE_KEY, type TestContext } from './support/context.ts';

async function register(ctx: TestContext, username = 'founder@example.com') {
  return registerUser(ctx, caller, { username, password: 'first-pass' });
}

const preferenceEvents = (ctx: TestContext, id: string) =>
  (ctx.users.raw(id)?.outbox ?? [])
    .filter((e) => e.type === 'user.notification_preferences_changed')
    .map((e) => e.data);

describe('notification preferences', () => {
  it('when a user never chose, then they have the defaults: task changes instant, mentions and assignments on', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await expect(getNotificationPreferences(ctx, user.id)).resolves.toEqual({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: true,
      programUpdates: true,
    });
  });

  it('when a user changes one choice, then the others stay and the whole result is recorded as an event in the same write', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const after = await updateNotificationPreferences(ctx, caller, user.id, { taskChanges: 'daily' });
    expect(after).toEqual({
      taskChanges: 'daily',
      mentions: true,
      assignments: true,
      reminders: true,
      programUpdates: true,
    });
    await updateNotificationPreferences(ctx, caller, user.id, { mentions: false });
    await expect(getNotificationPreferences(ctx, user.id)).resolves.toEqual({
      taskChanges: 'daily',
      mentions: false,
      assignments: true,
      reminders: true,
      programUpdates: true,
    });
    expect(preferenceEvents(ctx, user.id)).toEqual([
      {
        userId: user.id,
        taskChanges: 'daily',
        mentions: true,
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
        language: 'en',
      },
    ]);
  });

  it('when the user was deleted since signing in, then 401 AUTH.SESSION_ENDED', async () => {
    const ctx = testContext();
    await expect(getNotificationPreferences(ctx, 'ffffffffffffffffffffffff')).rejects.toMatchObject({
      status: 401,
      code: 'AUTH.SESSION_ENDED',
    });
  });
});

describe('one-click unsubscribe', () => {
  const on = {
    taskChanges: 'instant',
    mentions: true,
    assignments: true,
    reminders: true,
    programUpdates: true,
  } as const;
  it.each([
    ['taskChanges', { ...on, taskChanges: 'off' }, 'You will no longer receive task change e-mails.'],
    ['mentions', { ...on, mentions: false }, 'You will no longer receive mention e-mails.'],
    ['assignments', { ...on, assignments: false }, 'You will no longer receive assignment e-mails.'],
    ['reminders', { ...on, reminders: false }, 'You will no longer receive due-date reminders.'],
    [
      'programUpdates',
      { ...on, programUpdates: false },
      'You will no longer receive program updates (at-risk alerts and weekly digests).',
    ],
  ] as const)('a signed %s token turns that kind off, and only that', async (kind, expected, message) => {
    const ctx = testContext();
    const user = await register(ctx);
    const token = signUnsubscribeToken(UNSUBSCRIBE_KEY, user.id, kind);
    const outcome = await unsubscribe(ctx, caller, token);
    expect(outcome.topic).toBe(kind);
    expect(outcome.message).toBe(message);
    await expect(getNotificationPreferences(ctx, user.id)).resolves.toEqual(expected);
    expect(preferenceEvents(ctx, user.id)).toEqual([{ userId: user.id, ...expected, language: 'en' }]);
    // Clicking again is harmless.
    await unsubscribe(ctx, caller, token);
    await expect(getNotificationPreferences(ctx, user.id)).resolves.toEqual(expected);
  });

  it('a forged or damaged token is 400 UNSUBSCRIBE.INVALID_TOKEN and changes nothing', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const forged = signUnsubscribeToken('someone-else-key-someone-else-key-00', user.id, 'mentions');
    for (const token of [forged, 'not-a-token', `${forged}x`]) {
      await expect(unsubscribe(ctx, caller, token)).rejects.toMatchObject({
        status: 400,
        code: 'UNSUBSCRIBE.INVALID_TOKEN',
        message: 'This unsubscribe link is invalid',
      });
    }
    expect(preferenceEvents(ctx, user.id)).toEqual([]);
  });

  it('a valid token of an account deleted since answers the same and writes nothing', async () => {
    const ctx = testContext();
    const outcome = await unsubscribe(
      ctx,
      caller,
      signUnsubscribeToken(UNSUBSCRIBE_KEY, 'abcdefabcdefabcdefabcdef', 'mentions'),
    );
    expect(outcome.topic).toBe('mentions');
  });
});

describe('the demo account', () => {
  it('is marked isDemo on the session answers (sign-in, session user); other users are not', async () => {
    const ctx = testContext();
    const demo = await registerUser(ctx, caller, { username: DEMO_USERNAME, password: 'demo-founder-2025' });
    const user = await register(ctx);
    await expect(getCurrentUser(ctx, demo.id)).resolves.toMatchObject({ isDemo: true });
    await expect(
      logIn(ctx, { username: DEMO_USERNAME, password: 'demo-founder-2025' }),
    ).resolves.toMatchObject({
      isDemo: true,
    });
    expect(await getCurrentUser(ctx, user.id)).not.toHaveProperty('isDemo');
  });

  it('its address cannot be changed, not even by an administrator: 403 AUTH.DEMO_ACCOUNT_LOCKED', async () => {
    const ctx = testContext();
    const demo = await registerUser(ctx, caller, { username: DEMO_USERNAME, password: 'demo-founder-2025' });
    await expect(
      updateUser(ctx, caller, demo.id, { username: 'taken.over@example.com' }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'AUTH.DEMO_ACCOUNT_LOCKED',
    });
    await expect(getCurrentUser(ctx, demo.id)).resolves.toMatchObject({ username: DEMO_USERNAME });
    // The same address (any case) is no change.
    await expect(
      updateUser(ctx, caller, demo.id, { username: DEMO_USERNAME.toUpperCase() }),
    ).resolves.toMatchObject({
      username: DEMO_USERNAME,
    });
  });
});
