import type { CursorPage } from '@app/common';
import type { PageRequest } from '@app/contracts';
import { toUserView, type AuthContext, type UserView } from './user.ts';

/** A page of users, newest first, searched by e-mail and name (the admin dashboard's list, issue 18). */
export async function listUsers(ctx: AuthContext, page: PageRequest): Promise<CursorPage<UserView>> {
  const { items, nextCursor } = await ctx.users.listPage(page);
  return { items: items.map(toUserView), nextCursor };
}
