import { DEFAULT_LANGUAGE, type Language } from '@app/contracts';
import {
  authErrors,
  authEvent,
  normalizeUsername,
  rethrowUsernameTaken,
  toUserView,
  type AuthContext,
  type Caller,
  type UserView,
} from './user.ts';

export interface RegisterUserInput {
  username: string;
  password: string;
  /**
   * Issue 21: the language the visitor was reading in; absent → the request's Accept-Language
   * (`caller.acceptLanguage`), else English.
   */
  language?: Language;
  /** Set only by trusted callers (the organization service); never from a browser body. */
  organizationId?: string | null;
  /** Set only by trusted callers (seeding, internal calls); never from a browser body. */
  isAdmin?: boolean;
}

/** Creates an account and records `user.registered` in the same write. 409 when the address is taken. */
export async function registerUser(
  ctx: AuthContext,
  caller: Caller,
  input: RegisterUserInput,
): Promise<UserView> {
  const username = normalizeUsername(input.username);
  // Saves a hash on the common case; the unique index still decides under concurrency.
  if (await ctx.users.findByUsername(username)) throw authErrors.usernameTaken();
  const passwordHash = await ctx.hasher.hash(input.password);
  const id = ctx.users.newId();
  const organizationId = input.organizationId ?? null;
  const language = input.language ?? caller.acceptLanguage ?? DEFAULT_LANGUAGE;
  const user = await rethrowUsernameTaken(
    ctx.users.create(
      { id, username, passwordHash, isAdmin: input.isAdmin ?? false, organizationId, language },
      [authEvent(ctx, caller, 'user.registered', { userId: id, username, organizationId, language })],
    ),
  );
  return toUserView(user);
}
