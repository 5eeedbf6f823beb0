import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeEncodedWords } from '@app/testing';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as received, with quoted-printable soft breaks and escapes decoded (enough for asserts). */
  source: string;
  subject: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  /** Messages the server accepted (250). */
  received: ReceivedMail[];
  /** Every DATA the server got, accepted or refused. */
  attempts: number;
  /** When each of those arrived (ms since the epoch). */
  attemptTimes: number[];
  /** The next `times` messages are answered `code` (e.g. 451 or 550) instead of being accepted. */
  refuseNext(code: number, times: number): void;
  /** Runs once when the next message arrives, before the server answers it. */
  beforeAnswer(hook: () => Promise<void> | void): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free loopback port, recording what it accepts and refusing on request. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refusals: number[] = [];
  let hook: (() => Promise<void> | void) | null = null;
  let attempts = 0;
  const attemptTimes: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Pooled client connections stay open; closing must not wait for them.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          attempts += 1;
          attemptTimes.push(Date.now());
          const pending = hook;
          hook = null;
          if (pending) await pending();
          const code = refusals.shift();
          if (code !== undefined) {
            const error = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
              responseCode: code,
            });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const source = decodeQuotedPrintable(raw);
          const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
          const subject = decodeEncodedWords(folded.replace(/\r?\n[ \t]/g, ' '));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            source,
            subject,
          });
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get attempts() {
      return attempts;
    },
    attemptTimes,
    refuseNext(code, times) {
      for (let i = 0; i < times; i += 1) refusals.push(code);
    },
    beforeAnswer(next) {
      hook = next;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} e-mails within ${timeoutMs} ms, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
