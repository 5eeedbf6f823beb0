import { describe, expect, it } from '@jest/globals';
import { formatSessionAction, parseSessionAction, type SessionAction } from './session-action.ts';

describe('session actions between the services and the gateway', () => {
  const actions: SessionAction[] = [
    { kind: 'open', userId: '65a1b2c3d4e5f60718293a4b', remember: false },
    { kind: 'open', userId: '65a1b2c3d4e5f60718293a4b', remember: true },
    { kind: 'close' },
    { kind: 'revoke-others' },
    { kind: 'close-all' },
    { kind: 'revoke-user', userId: '65a1b2c3d4e5f60718293a4b' },
    {
      kind: 'open',
      userId: '65a1b2c3d4e5f60718293a4b',
      remember: false,
      ssoOrganizationId: '65a1b2c3d4e5f6071829aaaa',
    },
    { kind: 'sso-flow', flowId: 'Zm9vYmFyLWZsb3ctaWQ' },
  ];

  it.each(actions)('a formatted %o parses back to the same action', (action) => {
    expect(parseSessionAction(formatSessionAction(action))).toEqual(action);
  });

  it('keeps the wire format the gateway has always read', () => {
    expect(formatSessionAction({ kind: 'open', userId: 'u1', remember: true })).toBe(
      'open; user=u1; remember=1',
    );
    expect(formatSessionAction({ kind: 'open', userId: 'u1', remember: false })).toBe(
      'open; user=u1; remember=0',
    );
    expect(formatSessionAction({ kind: 'revoke-user', userId: 'u1' })).toBe('revoke-user; user=u1');
    expect(formatSessionAction({ kind: 'close-all' })).toBe('close-all');
    expect(parseSessionAction('open;user=a@b.co;remember=1')).toEqual({
      kind: 'open',
      userId: 'a@b.co',
      remember: true,
    });
  });

  it.each([
    undefined,
    null,
    ['close', 'close-all'],
    '',
    'destroy-everything',
    'open',
    'open; remember=1',
    'open; user=',
    'open; user=a b; remember=1',
    'revoke-user',
    'revoke-user; user',
    'close; junk',
    'CLOSE',
  ])('rejects the malformed header %p', (value) => {
    expect(parseSessionAction(value)).toBeNull();
  });

  it('refuses to format a user id that would not parse back', () => {
    expect(() => formatSessionAction({ kind: 'revoke-user', userId: 'a; user=b' })).toThrow();
    expect(() => formatSessionAction({ kind: 'open', userId: '', remember: false })).toThrow();
  });
});
