import type { Language } from '@app/contracts';

/** One e-mail to send for an event. `key` is unique per event and e-mail (the idempotency key). */
export interface OutgoingEmail {
  /**
   * `<event id>/<kind>` when an event sends one e-mail of a kind (the contact notice and its
   * acknowledgement are two kinds); `<event id>/<kind>/<user id>` when an event sends one kind to several
   * members; `digest/<day>/<user id>` for a daily digest. The once-per-event guarantee holds per key.
   */
  key: string;
  eventId: string;
  kind: EmailKind;
  to: { name?: string; address: string };
  /** Issue 21: the language it is written in (the recipient's); the brand's From name follows it. */
  language: Language;
  /**
   * Issue 19: the From name for a member of a branded organization ("Northgate via Venture Roadmap");
   * the From address is always the platform's (`MAIL_FROM`). Unset: `MAIL_FROM_NAME`.
   */
  fromName?: string;
  replyTo?: { name?: string; address: string };
  subject: string;
  text: string;
  html: string;
  /**
   * Non-essential e-mails only: where a mail client's one-click unsubscribe POSTs (RFC 8058; sent as
   * `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). Essential e-mails
   * (password reset, invitations, account e-mails) have none.
   */
  listUnsubscribe?: string;
}

export type EmailKind =
  | 'welcome'
  | 'password-reset'
  | 'task-status'
  | 'contact-notice'
  | 'contact-ack'
  | 'invitation'
  | 'org-invitation'
  | 'member-joined'
  | 'member-removed'
  | 'member-role-changed'
  | 'task-assigned'
  | 'comment-mention'
  | 'comment-on-assigned'
  | 'task-change'
  | 'task-reminder'
  | 'digest'
  | 'venture-at-risk'
  | 'program-digest';

export interface MailSettings {
  /** Where users reach the app, without a trailing slash. */
  publicUrl: string;
  contactInbox: string;
  /** Signs the one-click unsubscribe links (`unsubscribeKey` of @app/common); unset in some unit tests. */
  unsubscribeKey?: string;
  /** Opens a link the producer sealed (the invitation's accept link); null when it cannot be opened. */
  openSealed?: (sealed: string) => string | null;
}
