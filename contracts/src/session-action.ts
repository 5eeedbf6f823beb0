/*
 * How a service tells the gateway what to do with the browser's session. The gateway owns the session,
 * acts on the header and strips it before the answer leaves, so it never reaches a browser.
 *
 * Wire format (one header value, `;`-separated attributes):
 * - `open; user=<id>; remember=<0|1>[; sso=<organization id>]`: a new session id for this user (the old id
 *   dies); remember=1 → 30 days. `sso` marks a session opened by single sign-on through that organization's
 *   connection (issue 19): the gateway keeps it and passes it in the identity (`sso`), so sign-out can offer
 *   the provider's end-session URL.
 * - `sso-flow; id=<opaque id>`: binds an SSO sign-in in progress to this browser's session (creating one for
 *   a visitor); the gateway passes it in the identity (`flow`), so the callback only accepts a flow started in
 *   the same browser. Opening the session drops it.
 * - `close`: destroy this session.
 * - `revoke-others`: end the user's other sessions, keep this one.
 * - `close-all`: end this session and all others of the user.
 * - `revoke-user; user=<id>`: end every session of another user (an administrator deactivated or deleted them).
 */

export const SESSION_ACTION_HEADER = 'x-session-action';

export type SessionAction =
  | { kind: 'open'; userId: string; remember: boolean; ssoOrganizationId?: string }
  | { kind: 'sso-flow'; flowId: string }
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
    case 'open': {
      const base = `open; user=${checkedUserId(action.userId)}; remember=${action.remember ? 1 : 0}`;
      return action.ssoOrganizationId ? `${base}; sso=${checkedUserId(action.ssoOrganizationId)}` : base;
    }
    case 'sso-flow':
      return `sso-flow; id=${checkedUserId(action.flowId)}`;
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
    case 'open': {
      if (!userId) return null;
      const sso = attrs.get('sso');
      const open = { kind: 'open' as const, userId, remember: attrs.get('remember') === '1' };
      return sso !== undefined && USER_ID.test(sso) ? { ...open, ssoOrganizationId: sso } : open;
    }
    case 'sso-flow': {
      const id = attrs.get('id');
      return id !== undefined && USER_ID.test(id) ? { kind: 'sso-flow', flowId: id } : null;
    }
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
