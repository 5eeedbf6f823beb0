import { loadSignedInUser, toSessionUserView, type AuthContext, type UserView } from './user.ts';

/** The signed-in user; `AUTH.SESSION_ENDED` (401) when they were deleted or deactivated. */
export async function getCurrentUser(ctx: AuthContext, userId: string): Promise<UserView> {
  return toSessionUserView(ctx, await loadSignedInUser(ctx, userId));
}
