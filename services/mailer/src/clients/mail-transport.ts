import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NonRetryableError, type Logger } from '@app/common';
import nodemailer from 'nodemailer';
import type { OutgoingEmail } from '../domain/email.ts';

export interface SendResult {
  /** The Message-ID header sent. */
  messageId: string;
  /** The SMTP server's answer, or the file written. */
  detail: string;
}

/** Sends one message; resolves once the SMTP server accepted it (or the file is on disk). */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  send(email: OutgoingEmail): Promise<SendResult>;
  close(): void;
}

export interface TransportOptions {
  /** SMTP_URL; unset → `.eml` files under `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  from: { name: string; address: string };
  timeoutMs: number;
  logger: Logger;
}

/**
 * Whether retrying can help. SMTP 5xx answers are permanent (the message or recipient is refused) except
 * authentication failures (a configuration an operator fixes); 4xx answers and every network failure
 * (refused, reset, timed out, DNS) are transient.
 */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown };
  if (typeof e?.responseCode === 'number') return e.responseCode >= 500 && e.code !== 'EAUTH';
  // No recipient survived address parsing: no retry changes that.
  return e?.code === 'EENVELOPE';
}

function describe(err: unknown): string {
  const e = err as { responseCode?: number; code?: string; message?: string };
  return [e?.responseCode, e?.code, e?.message].filter(Boolean).join(' ');
}

/**
 * `<event-id.kind@sender-domain>` (`<event-id.kind.user-id@…>` for an e-mail to one of several members,
 * `<digest.day.user-id@…>` for a digest): the same e-mail always carries the same Message-ID (receivers
 * can dedupe).
 */
export function messageIdFor(email: Pick<OutgoingEmail, 'key'>, fromAddress: string): string {
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  return `<${email.key.replace(/\//g, '.')}@${domain}>`;
}

/** RFC 2369 and RFC 8058 headers of a non-essential e-mail; none on essential ones. */
export function listHeaders(email: Pick<OutgoingEmail, 'listUnsubscribe'>): Record<string, string> {
  if (!email.listUnsubscribe) return {};
  return {
    'List-Unsubscribe': `<${email.listUnsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function message(email: OutgoingEmail, opts: TransportOptions) {
  return {
    // Issue 19: an organization's name may replace the name, never the address (SPF, DKIM, DMARC).
    from: email.fromName ? { name: email.fromName, address: opts.from.address } : opts.from,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: messageIdFor(email, opts.from.address),
    headers: { 'X-Event-Id': email.eventId, ...listHeaders(email) },
    // Never let an address or header trick nodemailer into reading files or URLs as attachments.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * nodemailer over SMTP (one pooled connection, short timeouts: nodemailer never retries, the consumer does), or with
 * no SMTP_URL the embedded stand-in: one `.eml` file per message under `mailDir` and one log line.
 */
export function createMailTransport(opts: TransportOptions): MailTransport {
  const log = opts.logger.child({ component: 'mail-transport' });
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: opts.smtpUrl,
      // One connection, one message at a time (the consumer sends one at a time anyway): a killed mailer
      // leaves at most one message in the SMTP exchange, the only one that may go out twice.
      pool: true,
      maxConnections: 1,
      maxMessages: 100,
      connectionTimeout: opts.timeoutMs,
      greetingTimeout: opts.timeoutMs,
      socketTimeout: opts.timeoutMs,
      dnsTimeout: opts.timeoutMs,
    });
    return {
      kind: 'smtp',
      async send(email) {
        try {
          const info = await transporter.sendMail(message(email, opts));
          return { messageId: info.messageId, detail: String(info.response ?? '') };
        } catch (err) {
          if (isPermanentSmtpFailure(err)) {
            throw new NonRetryableError(`SMTP refused the message: ${describe(err)}`, { cause: err });
          }
          throw err;
        }
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let dirReady: Promise<unknown> | null = null;
  return {
    kind: 'files',
    async send(email) {
      dirReady ??= mkdir(opts.mailDir, { recursive: true });
      await dirReady;
      const info = await transporter.sendMail(message(email, opts));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.mailDir, `${stamp}-${email.kind}-${email.eventId}.eml`);
      // Written aside, then renamed: a reader (or the e2e test) never sees half a message.
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, info.message as Buffer);
      await rename(temp, file);
      log.info({ to: email.to.address, subject: email.subject, file }, 'e-mail written (no SMTP_URL)');
      return { messageId: info.messageId, detail: file };
    },
    close: () => transporter.close(),
  };
}
