import { signUnsubscribeToken, type UnsubscribeKind } from '@app/common';
import { notificationApi } from '@app/contracts';
import type { Translator } from '../i18n/translator.ts';
import type { MailSettings } from './email.ts';

/** Why the reader gets a non-essential e-mail, and the link text that turns that kind off. */
function texts({ t }: Translator, kind: UnsubscribeKind, url: string): { reason: string; label: string } {
  switch (kind) {
    case 'taskChanges':
      return {
        reason: t(
          'You receive this because task change e-mails are on in your notification settings ({url}).',
          { url },
        ),
        label: t('Turn off task change e-mails'),
      };
    case 'mentions':
      return {
        reason: t('You receive this because mention e-mails are on in your notification settings ({url}).', {
          url,
        }),
        label: t('Turn off mention e-mails'),
      };
    case 'assignments':
      return {
        reason: t(
          'You receive this because assignment e-mails are on in your notification settings ({url}).',
          { url },
        ),
        label: t('Turn off assignment e-mails'),
      };
    case 'reminders':
      return {
        reason: t(
          'You receive this because due-date reminders are on in your notification settings ({url}).',
          { url },
        ),
        label: t('Turn off due-date reminders'),
      };
    case 'programUpdates':
      return {
        reason: t(
          'You receive this because program updates (at-risk alerts and weekly digests) are on in your notification settings ({url}).',
          { url },
        ),
        label: t('Turn off program updates (at-risk alerts and weekly digests)'),
      };
  }
}

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
 * The signed links of a non-essential e-mail to `userId`, with their texts in the e-mail's language, or
 * null when there is no key (some unit tests) or no auth user id to name (an event from before issue 16
 * with a foreign id).
 */
export function unsubscribeLinks(
  settings: MailSettings,
  userId: string,
  kind: UnsubscribeKind,
  tr: Translator,
): UnsubscribeLinks | null {
  if (!settings.unsubscribeKey || !/^[0-9a-f]{24}$/i.test(userId)) return null;
  const token = encodeURIComponent(signUnsubscribeToken(settings.unsubscribeKey, userId, kind));
  const oneClick = `${settings.publicUrl}${notificationApi.unsubscribe.path}?token=${token}`;
  const page = `${settings.publicUrl}/unsubscribe?token=${token}`;
  const { reason, label } = texts(tr, kind, `${settings.publicUrl}/account`);
  return {
    oneClick,
    page,
    textLine: `${reason} ${tr.t('Turn them off with one click: {url}', { url: page })}`,
    html: { reason, label, url: page },
  };
}
