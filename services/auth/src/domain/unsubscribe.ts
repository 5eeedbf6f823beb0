import { verifyUnsubscribeToken, type UnsubscribeKind } from '@app/common';
import type { NotificationPreferences } from '@app/contracts';
import { savePreferences } from './update-notification-preferences.ts';
import { authErrors, type AuthContext, type Caller } from './user.ts';

const OFF: Record<UnsubscribeKind, Partial<NotificationPreferences>> = {
  taskChanges: { taskChanges: 'off' },
  mentions: { mentions: false },
  assignments: { assignments: false },
  reminders: { reminders: false },
  programUpdates: { programUpdates: false },
};

const MESSAGES: Record<UnsubscribeKind, string> = {
  taskChanges: 'You will no longer receive task change e-mails.',
  mentions: 'You will no longer receive mention e-mails.',
  assignments: 'You will no longer receive assignment e-mails.',
  reminders: 'You will no longer receive due-date reminders.',
  programUpdates: 'You will no longer receive program updates (at-risk alerts and weekly digests).',
};

/**
 * The one-click unsubscribe of a link in an e-mail (signed out): the signed token names the user and the
 * kind, which is turned off. Repeating it changes nothing more. A token for an account deleted since is
 * answered the same (there is nothing left to send to); a forged or damaged one is 400.
 */
export async function unsubscribe(
  ctx: AuthContext,
  caller: Caller,
  token: string,
): Promise<{ topic: UnsubscribeKind; message: string }> {
  const claim = verifyUnsubscribeToken(ctx.settings.unsubscribeKey, token);
  if (!claim) throw authErrors.invalidUnsubscribeToken();
  const user = ctx.users.isValidId(claim.userId) ? await ctx.users.findById(claim.userId) : null;
  if (user) await savePreferences(ctx, caller, user, OFF[claim.kind]);
  return { topic: claim.kind, message: MESSAGES[claim.kind] };
}
