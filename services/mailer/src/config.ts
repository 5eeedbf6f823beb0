import { baseConfigSchema, loadConfig } from '@app/common';
import { Cron } from 'croner';
import { z } from 'zod';

function validCron(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const ms = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The mailer's environment (the only place that reads `process.env`). */
export const mailerConfigSchema = baseConfigSchema
  .extend({
    /** Only `/healthz`, `/readyz` and `/metrics` listen here: the mailer has no API. */
    PORT: z.coerce.number().int().min(0).max(65_535).default(4006),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Unset: every message is written as an `.eml` file under `DATA_DIR/mail/` (local runs only). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** The sender of every e-mail. */
    MAIL_FROM: z.email('must be an e-mail address').default('no-reply@ventureroadmap.app'),
    MAIL_FROM_NAME: z.string().min(1).max(100).default('Venture Roadmap'),
    /** Where contact messages and enterprise inquiries are sent. */
    CONTACT_INBOX: z.email('must be an e-mail address').default('team@ventureroadmap.app'),
    /** Connection, greeting and socket timeout of each SMTP step (nodemailer's default socket timeout is 10 minutes). */
    SMTP_TIMEOUT_MS: ms(200, 120_000).default(10_000),
    /** The durable queue the mailer consumes (bound to the four e-mail event types). */
    MAILER_QUEUE: z
      .string()
      .regex(/^[a-z0-9._-]{1,200}$/, 'must be lowercase letters, digits, dots, dashes or underscores')
      .default('mailer.emails'),
    /** Unacked messages in flight. */
    MAILER_PREFETCH: z.coerce.number().int().min(1).max(200).default(10),
    /** Tries per event (4xx and network failures) before it is parked in the dead-letter queue. */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
    /** First retry delay; it doubles with every try up to MAIL_RETRY_MAX_MS. */
    MAIL_RETRY_BASE_MS: ms(10, 600_000).default(1000),
    MAIL_RETRY_MAX_MS: ms(10, 3_600_000).default(60_000),
    /**
     * How long a delivery's claim on an e-mail holds before another delivery of the same event may take
     * it over (the claimant is presumed dead). Must exceed the longest possible SMTP exchange.
     */
    MAIL_CLAIM_LEASE_MS: ms(100, 3_600_000).default(120_000),
    /**
     * When the daily digests are sent (croner pattern, UTC). Each run sends the digest of every past day
     * not sent yet, so hourly runs send yesterday's shortly after midnight and retry what failed.
     */
    DIGEST_CRON: z
      .string()
      .min(9)
      .max(100)
      .refine(validCron, 'must be a cron pattern, e.g. "15 * * * *"')
      .default('15 * * * *'),
    /** The shared demo account: e-mails to it are logged and never sent (must match auth's). */
    DEMO_USERNAME: z.email('must be an e-mail address').default('demo@ventureroadmap.app'),
    /** The demo's seeded co-founder (as auth's): its e-mails are logged and never sent either. */
    DEMO_COFOUNDER_USERNAME: z
      .email('must be an e-mail address')
      .default('cofounder.demo@ventureroadmap.app'),
    /**
     * Signs one-click unsubscribe links (≥ 32 characters; auth must have the same). Unset: derived from
     * INTERNAL_SECRET, which every service already shares.
     */
    UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.SMTP_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'required in production (.eml files are for local runs only)',
      });
    }
  });

export type MailerConfig = z.output<typeof mailerConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readMailerConfig(env: NodeJS.ProcessEnv = process.env): MailerConfig {
  return loadConfig(mailerConfigSchema, env);
}

/**
 * How long the mailer may take to stop: deliveries in progress drain for up to three SMTP timeouts
 * (`startMailerService`), plus 5 s for the rest. The shared 10 s default would cut a slow delivery off
 * after the SMTP server accepted it but before the sent-log write, and the message would go out twice.
 * Compose's `stop_grace_period` and the pod's `terminationGracePeriodSeconds` leave it this long.
 */
export function mailerShutdownTimeoutMs(config: Pick<MailerConfig, 'SMTP_TIMEOUT_MS'>): number {
  return config.SMTP_TIMEOUT_MS * 3 + 5_000;
}
