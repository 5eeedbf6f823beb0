import { signUnsubscribeToken, type UnsubscribeKind } from '@app/common';
import { notificationApi } from '@app/contracts';
import type { MailSettings } from './email.ts';

/** What each kind of non-essential e-mail says its reader can turn off. */
const WHAT: Record<UnsubscribeKind, string> = {
  taskChanges: 'task change e-mails',
  mentions: 'mention e-mails',
  assignments: 'assignment e-mails',
  reminders: 'due-date reminders',
  programUpdates: 'program updates (at-risk alerts and weekly digests)',
};

export interface UnsubscribeLinks {
  /** The API endpoint a mail client POSTs to (RFC 8058 one-click): the `List-Unsubscribe` header. */
  oneClick: string;
  /** The web page the link in the body opens: it works signed out and asks for one click. */
  page: string;
  /** The footer line of text e-mails. */
  textLine: string;
  /** The footer of HTML e-mails. */
  html: { reason: string; label: string; url: string };
}

/**
 * The signed links of a non-essential e-mail to `userId`, or null when there is no key (some unit tests)
 * or no auth user id to name (an event from before issue 16 with a foreign id).
 */
export function unsubscribeLinks(
  settings: MailSettings,
  userId: string,
  kind: UnsubscribeKind,
): UnsubscribeLinks | null {
  if (!settings.unsubscribeKey || !/^[0-9a-f]{24}$/i.test(userId)) return null;
  const token = encodeURIComponent(signUnsubscribeToken(settings.unsubscribeKey, userId, kind));
  const oneClick = `${settings.publicUrl}${notificationApi.unsubscribe.path}?token=${token}`;
  const page = `${settings.publicUrl}/unsubscribe?token=${token}`;
  const reason = `You receive this because ${WHAT[kind]} are on in your notification settings (${settings.publicUrl}/account).`;
  return {
    oneClick,
    page,
    textLine: `${reason} Turn them off with one click: ${page}`,
    html: { reason, label: `Turn off ${WHAT[kind]}`, url: page },
  };
}
