/** One e-mail to send for an event. `key` is unique per event and e-mail (the idempotency key). */
export interface OutgoingEmail {
  /** `<event id>/<kind>`: one event may need several e-mails (the contact notice and its acknowledgement). */
  key: string;
  eventId: string;
  kind: EmailKind;
  to: { name?: string; address: string };
  replyTo?: { name?: string; address: string };
  subject: string;
  text: string;
  html: string;
}

export type EmailKind = 'welcome' | 'password-reset' | 'task-status' | 'contact-notice' | 'contact-ack';

export interface MailSettings {
  /** Where users reach the app, without a trailing slash. */
  publicUrl: string;
  contactInbox: string;
}
