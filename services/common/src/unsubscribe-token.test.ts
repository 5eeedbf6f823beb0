import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const key = 'unsubscribe-test-key-unsubscribe-test-key';
const userId = '64b7f0c2a1d3e4f5a6b7c8d9';

describe('one-click unsubscribe tokens', () => {
  it('when the mailer signs a token for a user and a kind, then auth reads the same user and kind back', () => {
    const token = signUnsubscribeToken(key, userId, 'mentions');
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ userId, kind: 'mentions' });
  });

  it('when a token is signed with another key, or its user or kind is changed, then it is refused', () => {
    const token = signUnsubscribeToken(key, userId, 'taskChanges');
    expect(verifyUnsubscribeToken('another-key-another-key-another-key', token)).toBeNull();
    const otherUser = token.replace(userId, '64b7f0c2a1d3e4f5a6b7c8da');
    expect(verifyUnsubscribeToken(key, otherUser)).toBeNull();
    expect(verifyUnsubscribeToken(key, token.replace('taskChanges', 'assignments'))).toBeNull();
  });

  it('when the token is junk (not a string, too long, wrong shape, unknown kind), then it is refused without throwing', () => {
    for (const junk of [
      undefined,
      null,
      42,
      { $ne: null },
      '',
      'v1.x.y.z',
      'a'.repeat(500),
      'v1..mentions.',
    ]) {
      expect(verifyUnsubscribeToken(key, junk)).toBeNull();
    }
    const invitations = signUnsubscribeToken(key, userId, 'mentions').replace('mentions', 'invitations');
    expect(verifyUnsubscribeToken(key, invitations)).toBeNull();
  });

  it('when UNSUBSCRIBE_SECRET is unset, then the key is derived from INTERNAL_SECRET, never the secret itself', () => {
    const internal = 'k7Qm2vX9pL4rT8wZ1bN6cH3jF5sD0gYa';
    const derived = unsubscribeKey({ INTERNAL_SECRET: internal });
    expect(derived).not.toBe(internal);
    expect(unsubscribeKey({ INTERNAL_SECRET: internal })).toBe(derived);
    expect(unsubscribeKey({ INTERNAL_SECRET: internal, UNSUBSCRIBE_SECRET: key })).toBe(key);
  });
});
