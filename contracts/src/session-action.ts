/*
 * How a service tells the gateway what to do with the browser's session. The gateway owns the session,
 * acts on the header and strips it before the answer leaves, so it never reaches a browser.
 *
 * Wire format (one header value, `;`-separated attributes):
 * - `open; user=<id>; remember=<0|1>`: a new session id for this user (the old id dies); remember=1 → 30 days.
 * - `close`: destroy this session.
 * - `revoke-others`: end the user's other sessions, keep this one.
 * - `close-all`: end this session and all others of the user.
 * - `revoke-user; user=<id>`: end every session of another user (an administrator deactivated or deleted them).
 */

export const SESSION_ACTION_HEADER = 'x-session-action';

export type SessionAction =
  | { kind: 'open'; userId: string; remember: boolean }
  | { kind: 'close' }
  | { kind: 'revoke-others' }
  | { kind: 'close-all' }
  | { kind: 'revoke-user'; userId: string };

export type SessionActionKind = SessionAction['kind'];

/** A user id travels as an attribute value: it must not contain the separators. */
const USER_ID = /^[^\s;=,]{1,200}$/;

function checkedUserId(userId: string): string {
  if (!USER_ID.test(userId)) throw new Error('A session action names a user by a plain id');
  return userId;
}

/** The header value for an action. Throws on a user id that could not be parsed back. */
export function formatSessionAction(action: SessionAction): string {
  switch (action.kind) {
    case 'open':
      return `open; user=${checkedUserId(action.userId)}; remember=${action.remember ? 1 : 0}`;
    case 'revoke-user':
      return `revoke-user; user=${checkedUserId(action.userId)}`;
    case 'close':
    case 'revoke-others':
    case 'close-all':
      return action.kind;
  }
}

/** The action a header value asks for, or null when there is none or it is malformed. */
export function parseSessionAction(
  value: string | readonly string[] | undefined | null,
): SessionAction | null {
  if (typeof value !== 'string') return null;
  const [kind, ...params] = value.split(';').map((part) => part.trim());
  const attrs = new Map<string, string>();
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq <= 0) return null;
    attrs.set(param.slice(0, eq).trim(), param.slice(eq + 1).trim());
  }
  const user = attrs.get('user');
  const userId = user !== undefined && USER_ID.test(user) ? user : undefined;
  switch (kind) {
    case 'open':
      return userId ? { kind: 'open', userId, remember: attrs.get('remember') === '1' } : null;
    case 'close':
    case 'revoke-others':
    case 'close-all':
      return { kind };
    case 'revoke-user':
      return userId ? { kind: 'revoke-user', userId } : null;
    default:
      return null;
  }
}
