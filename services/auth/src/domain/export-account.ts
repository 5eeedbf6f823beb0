import type { AccountExport } from '@app/contracts';
import type { VentureDataSource } from '../clients/venture-data.ts';
import { getCurrentUser } from './get-current-user.ts';
import { getNotificationPreferences } from './get-notification-preferences.ts';
import type { AuthContext, Caller } from './user.ts';

/**
 * Issue 17, the right to data portability: the signed-in user's profile and notification preferences, with
 * every venture they are a member of (own and shared: its members, tasks, comments and history, from the
 * venture service). Nothing of a venture they are not a member of. Never the password hash.
 */
export async function exportAccount(
  ctx: AuthContext,
  ventures: VentureDataSource,
  caller: Caller,
  userId: string,
): Promise<{ archive: AccountExport; fileName: string }> {
  const profile = await getCurrentUser(ctx, userId);
  const notificationPreferences = await getNotificationPreferences(ctx, userId);
  const data = await ventures.ofUser(userId, { correlationId: caller.correlationId });
  const now = ctx.clock();
  return {
    archive: {
      exportedAt: now.toISOString(),
      profile,
      notificationPreferences,
      ventures: data.ventures,
    },
    fileName: `venture-roadmap-account-${now.toISOString().slice(0, 10)}.json`,
  };
}
