import { loadSignedInUser, toUserView, type AuthContext, type UserView } from './user.ts';

/** The signed-in user; `AUTH.SESSION_ENDED` (401) when they were deleted or deactivated. */
export async function getCurrentUser(ctx: AuthContext, userId: string): Promise<UserView> {
  return toUserView(await loadSignedInUser(ctx, userId));
}
