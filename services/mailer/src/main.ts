import path from 'node:path';
import {
  defineService,
  identityKeys,
  openSealedText,
  unsubscribeKey,
  type RunningService,
} from '@app/common';
import { Cron } from 'croner';
import { createApp } from './app.ts';
import { mailerShutdownTimeoutMs, readMailerConfig } from './config.ts';
import { subscribeMailEvents } from './consumers/mail-events.consumer.ts';
import { sendDueDigests, type DigestRun } from './domain/send-digests.ts';
import type { MailerContext } from './domain/send-event-emails.ts';
import { createMailerStats, reportQueueDepth, type MailerStats } from './metrics.ts';
import { sentMailModel } from './store/sent-mail.model.ts';
import { createSentMailRepository } from './store/sent-mail.repository.ts';
import { digestEntryModel } from './store/digest-entry.model.ts';
import { createDigestEntryRepository } from './store/digest-entry.repository.ts';
import { preferencesModel } from './store/preferences.model.ts';
import { createPreferencesRepository } from './store/preferences.repository.ts';
import { brandMemberModel, brandOrganizationModel } from './store/brand.model.ts';
import { createBrandRepository } from './store/brand.repository.ts';
import { createMailTransport } from './clients/mail-transport.ts';

interface MailerHandle {
  /** Where `.eml` files go when SMTP_URL is unset (null with SMTP). */
  mailDir: string | null;
  /** The queue, its delay queues (used on RabbitMQ) and its dead-letter queue. */
  queues: { main: string; retry: string[]; dead: string };
  /** Sent, duplicate, retried, dead-lettered and kept counts since start. */
  stats(): MailerStats;
  /**
   * Sends the digests due at `now` (default: the clock), as the scheduled run does; tests call it with a
   * moved clock instead of waiting for the schedule.
   */
  runDigests(now?: Date): Promise<DigestRun>;
}
export type RunningMailerService = RunningService & MailerHandle;

/**
 * The mailer: the sent-log, the SMTP pool (or the `.eml` directory), the e-mail events' consumer; its HTTP
 * app only answers health probes and metrics. Its shutdown may take 3 SMTP timeouts + 5 s.
 */
const mailer = defineService({
  name: 'mailer',
  label: 'mailer',
  readConfig: readMailerConfig,
  shutdownTimeoutMs: mailerShutdownTimeoutMs,
  models: (connection) => ({
    SentMail: sentMailModel(connection),
    Preferences: preferencesModel(connection),
    DigestEntry: digestEntryModel(connection),
    BrandOrganization: brandOrganizationModel(connection),
    BrandMember: brandMemberModel(connection),
  }),
  async setup({
    config,
    models,
    logger,
    bus,
    onClose,
    checks,
    busReady,
    secret,
  }): Promise<MailerHandle & { app: ReturnType<typeof createApp>; announce(port: number): void }> {
    const log = logger.child({ component: 'mailer' });
    const mailDir = path.resolve(config.DATA_DIR, 'mail');
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      mailDir,
      from: { name: config.MAIL_FROM_NAME, address: config.MAIL_FROM },
      timeoutMs: config.SMTP_TIMEOUT_MS,
      logger,
    });
    onClose(async () => transport.close());
    if (transport.kind === 'files')
      log.warn({ mailDir }, 'SMTP_URL is not set: e-mails are written as .eml files');

    const stats = createMailerStats();
    const digestEntries = createDigestEntryRepository(models.DigestEntry);
    const ctx: MailerContext = {
      settings: {
        publicUrl: config.PUBLIC_URL,
        contactInbox: config.CONTACT_INBOX,
        unsubscribeKey: unsubscribeKey(config),
        openSealed: (sealed) => openSealedText(sealed, identityKeys(config)),
      },
      sender: transport,
      sentLog: createSentMailRepository(models.SentMail, { leaseMs: config.MAIL_CLAIM_LEASE_MS }),
      clock: () => new Date(),
      logger,
      onOutcome: (outcome, email) => stats.count(outcome, email.kind),
      preferences: createPreferencesRepository(models.Preferences),
      digest: digestEntries,
      brands: createBrandRepository({
        organizations: models.BrandOrganization,
        members: models.BrandMember,
      }),
      keepOnPlatform: new Set(
        [config.DEMO_USERNAME, config.DEMO_COFOUNDER_USERNAME].map((a) => a.trim().toLowerCase()),
      ),
    };
    const runDigests = (now: Date = ctx.clock()) => sendDueDigests(ctx, digestEntries, now);
    // One run at a time per process (protect); replicas may overlap: every digest is claimed first.
    const digestJob = new Cron(
      config.DIGEST_CRON,
      {
        timezone: 'UTC',
        protect: true,
        unref: true,
        catch: (err) => log.error({ err }, 'daily digest run failed; the next run tries again'),
      },
      async () => {
        await runDigests();
      },
    );
    onClose(() => digestJob.stop());

    let consumer: Awaited<ReturnType<typeof subscribeMailEvents>> | null = null;
    // Close steps run newest first: the bus closes first (no new deliveries; unacked ones go back to the
    // queue), then deliveries in progress finish their SMTP exchange and sent-log write before SMTP closes.
    onClose(() => consumer?.drain(config.SMTP_TIMEOUT_MS * 3) ?? Promise.resolve());
    const events = bus();
    const queue = config.MAILER_QUEUE;
    const retry = {
      queue,
      prefetch: config.MAILER_PREFETCH,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
    };
    consumer = await subscribeMailEvents(events, ctx, retry, stats, logger);
    const stopReporting = reportQueueDepth(queue, async () => (await events.queueDepth?.(queue)) ?? null);
    onClose(async () => stopReporting());

    const queues = { main: queue, retry: consumer.retryQueues, dead: `${queue}.dead` };
    const handle: MailerHandle = {
      mailDir: transport.kind === 'files' ? mailDir : null,
      queues,
      stats: () => stats.snapshot(),
      runDigests,
    };
    return {
      ...handle,
      app: createApp({ secret, logger, checks: { ...checks, bus: busReady } }),
      announce: (port) =>
        log.info({ port, queues, transport: transport.kind }, 'mailer listening for e-mail events'),
    };
  },
});

export const startMailerService = mailer.start;
if (import.meta.main) mailer.run();
