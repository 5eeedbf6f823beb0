import {
  authErrors,
  loadSignedInUser,
  toSessionUserView,
  type AuthContext,
  type ProfileChanges,
  type UserView,
} from './user.ts';

/** Applies the given profile fields (`null` clears one); other fields stay as they are. */
export async function updateProfile(
  ctx: AuthContext,
  userId: string,
  changes: ProfileChanges,
): Promise<UserView> {
  const user = await loadSignedInUser(ctx, userId);
  const updated = await ctx.users.updateProfile(user.id, changes);
  if (!updated) throw authErrors.sessionEnded();
  return toSessionUserView(ctx, updated);
}
