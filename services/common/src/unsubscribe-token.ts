import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The signed token of a one-click unsubscribe link (RFC 8058): it names a user and the kind of e-mail to
 * turn off, and works signed out, so it must be unforgeable. The mailer signs it into every non-essential
 * e-mail; auth verifies it and turns that kind off. No expiry: an unsubscribe link in an old e-mail must
 * keep working (RFC 8058 asks that it work for a long time), and all it can do is send less e-mail.
 *
 * Form: `v1.<user id>.<kind>.<base64url HMAC-SHA256 of "v1.<user id>.<kind>">`, URL-safe as it is.
 */

export const UNSUBSCRIBE_KINDS = [
  'taskChanges',
  'mentions',
  'assignments',
  'reminders',
  'programUpdates',
] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

const VERSION = 'v1';
/** User ids here are 24 hex digits; anything else is not ours. */
const USER_ID = /^[0-9a-f]{24}$/i;
const MAX_TOKEN_LENGTH = 200;

/**
 * The key unsubscribe links are signed with: `UNSUBSCRIBE_SECRET` when set, else one derived from
 * INTERNAL_SECRET (HMAC with a fixed label), so a deployment needs no new secret and the internal secret
 * itself never signs anything a user holds. Auth and the mailer must derive the same key.
 */
export function unsubscribeKey(config: { UNSUBSCRIBE_SECRET?: string; INTERNAL_SECRET: string }): string {
  if (config.UNSUBSCRIBE_SECRET) return config.UNSUBSCRIBE_SECRET;
  return createHmac('sha256', config.INTERNAL_SECRET)
    .update('venture-roadmap/unsubscribe-links/v1')
    .digest('base64url');
}

function mac(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signUnsubscribeToken(key: string, userId: string, kind: UnsubscribeKind): string {
  const payload = `${VERSION}.${userId}.${kind}`;
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The user and kind a token names, if it is authentic; null for anything else (no reason given). */
export function verifyUnsubscribeToken(
  key: string,
  token: unknown,
): { userId: string; kind: UnsubscribeKind } | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [version, userId, kind, signature] = parts as [string, string, string, string];
  if (version !== VERSION || !USER_ID.test(userId)) return null;
  if (!(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, `${version}.${userId}.${kind}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as UnsubscribeKind };
}
