import {
  findSignedInUser,
  loadSignedInUser,
  toSessionUserView,
  type AuthContext,
  type UserView,
} from './user.ts';

/** The signed-in user; `AUTH.SESSION_ENDED` (401) when they were deleted or deactivated. */
export async function getCurrentUser(ctx: AuthContext, userId: string): Promise<UserView> {
  return toSessionUserView(ctx, await loadSignedInUser(ctx, userId));
}

/**
 * The session check: who is signed in, or null for a visitor and for a session whose user was deleted or
 * deactivated (`ended`: the caller closes that session).
 */
export async function getSession(
  ctx: AuthContext,
  userId: string | null | undefined,
): Promise<{ user: UserView | null; ended: boolean }> {
  if (!userId) return { user: null, ended: false };
  const user = await findSignedInUser(ctx, userId);
  return user ? { user: toSessionUserView(ctx, user), ended: false } : { user: null, ended: true };
}
