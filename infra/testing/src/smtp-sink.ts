import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  subject: string;
  /** The Message-ID header: `<event id>.<kind>@<sender domain>`, the same for every copy of one e-mail. */
  messageId: string;
  /** The event id the mailer put in the Message-ID. */
  eventId: string;
  at: number;
}

export interface SmtpAttempt {
  at: number;
  to: string[];
  messageId: string;
  /** The reply code given (250 accepted). */
  code: number;
}

export interface SmtpSink {
  url: string;
  /** Every message accepted (250), duplicates included, in arrival order. */
  accepted: SunkMail[];
  /** Every DATA received, accepted or refused. */
  attempts: SmtpAttempt[];
  /** The next `times` messages whose recipient matches are refused with `code` (4xx or 5xx). */
  refuseNext(code: number, times: number, recipient?: string): void;
  /** Delay before answering each DATA (ms): keeps a stream of e-mails in flight long enough to break it. */
  setDelay(ms: number): void;
  /** Event ids of messages fully received but not answered yet (the sender cannot know their fate). */
  inFlight(): string[];
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
}

const eventIdOf = (messageId: string) => /^<([^.>]+)\./.exec(messageId)?.[1] ?? '';

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes headers with quotes or non-ASCII. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .replace(/=\?UTF-8\?B\?(.*?)\?=/gi, (_, text: string) => Buffer.from(text, 'base64').toString('utf8'));
}

export interface SmtpSinkOptions {
  /** Called for each message accepted (250), as it is accepted. */
  onAccepted?: (mail: SunkMail) => void;
  /**
   * Keep every accepted message and attempt in `accepted` and `attempts` (default). Off for long runs
   * that measure their own memory (the soak) and only need `onAccepted`.
   */
  keep?: boolean;
}

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package) that records what it accepts
 * and can refuse (451, 550) or slow down on request: the platform's mailer talks to it like to any MTA.
 * The fault suite, the bench and the soak all receive the platform's e-mails with it.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const keep = options.keep ?? true;
  const accepted: SunkMail[] = [];
  const attempts: SmtpAttempt[] = [];
  const refusals: Array<{ code: number; recipient?: string }> = [];
  let delayMs = 0;
  const pending = new Map<number, string>();
  let nextId = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const messageId = header(raw, 'Message-ID');
          const id = (nextId += 1);
          pending.set(id, eventIdOf(messageId));
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          pending.delete(id);
          const to = session.envelope.rcptTo.map((r) => r.address);
          const at = Date.now();
          const index = refusals.findIndex((r) => !r.recipient || to.includes(r.recipient));
          if (index >= 0) {
            const { code } = refusals.splice(index, 1)[0]!;
            if (keep) attempts.push({ at, to, messageId, code });
            const message = code >= 500 ? 'Mailbox unavailable' : 'Try again later';
            return callback(Object.assign(new Error(message), { responseCode: code }));
          }
          const mail: SunkMail = {
            to,
            subject: decodeEncodedWords(header(raw, 'Subject')),
            messageId,
            eventId: eventIdOf(messageId),
            at,
          };
          if (keep) {
            attempts.push({ at, to, messageId, code: 250 });
            accepted.push(mail);
          }
          options.onAccepted?.(mail);
          callback();
        })();
      });
    },
  });
  // A client that dies mid-session (a killed mailer) resets its connection: expected here, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    attempts,
    refuseNext(code, times, recipient) {
      for (let i = 0; i < times; i += 1) refusals.push({ code, recipient });
    },
    setDelay(ms) {
      delayMs = ms;
    },
    inFlight: () => [...pending.values()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
