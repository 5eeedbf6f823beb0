import { createHmac } from 'node:crypto';
import { signedSessionId } from '../src/session/session.ts';

/*
 * The session cookie as the gateway's read path reads it (issue 22): the same reading as express-session's,
 * which signs every cookie (`s:<id>.<HMAC-SHA256 of the id, base64 without padding>`, URI-encoded).
 */
const SECRET = 'current-secret-0123456789abcdef0123456789';
const PREVIOUS = 'previous-secret-0123456789abcdef012345678';

const signed = (id: string, secret = SECRET) =>
  `s:${id}.${createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '')}`;
const header = (value: string) => `vr.sid=${encodeURIComponent(value)}`;

test('a cookie signed with the current secret or a previous one names its session', () => {
  expect(signedSessionId(header(signed('abc_DEF-123')), [SECRET, PREVIOUS])).toBe('abc_DEF-123');
  expect(signedSessionId(header(signed('abc', PREVIOUS)), [SECRET, PREVIOUS])).toBe('abc');
  expect(signedSessionId(header(signed('abc', PREVIOUS)), [SECRET])).toBeUndefined();
});

test('no cookie, an unsigned one, a forged signature or a changed id name no session', () => {
  expect(signedSessionId(undefined, [SECRET])).toBeUndefined();
  expect(signedSessionId('', [SECRET])).toBeUndefined();
  expect(signedSessionId('theme=dark; other.sid=x', [SECRET])).toBeUndefined();
  expect(signedSessionId('vr.sid=', [SECRET])).toBeUndefined();
  expect(signedSessionId('vr.sid=abc', [SECRET])).toBeUndefined();
  expect(
    signedSessionId(header(signed('abc', 'another-secret-0123456789abcdef01234')), [SECRET]),
  ).toBeUndefined();
  expect(signedSessionId(header(signed('abc').replace('s:abc', 's:abd')), [SECRET])).toBeUndefined();
  expect(signedSessionId(header(`${signed('abc')}x`), [SECRET])).toBeUndefined();
  expect(signedSessionId(header('s:abc'), [SECRET])).toBeUndefined();
  expect(signedSessionId('vr.sid=s%3Aunknown.signature', [SECRET])).toBeUndefined();
  expect(signedSessionId('vr.sid=%E0%A4%A', [SECRET])).toBeUndefined();
});

test('read among other cookies, quoted or not encoded, and only the first vr.sid counts (as the cookie module reads)', () => {
  const value = signed('xyz');
  expect(signedSessionId(`theme=dark; ${header(value)}; lang=de`, [SECRET])).toBe('xyz');
  expect(signedSessionId(`theme=dark;${header(value)}`, [SECRET])).toBe('xyz');
  expect(signedSessionId(`vr.sid="${encodeURIComponent(value)}"`, [SECRET])).toBe('xyz');
  expect(signedSessionId(`vr.sid=${value}`, [SECRET])).toBe('xyz');
  expect(signedSessionId(`${header(value)}; ${header(signed('other'))}`, [SECRET])).toBe('xyz');
  expect(signedSessionId(`vr.sid=forged; ${header(value)}`, [SECRET])).toBeUndefined();
  expect(signedSessionId(`xvr.sid=1; ${header(value)}`, [SECRET])).toBe('xyz');
});
