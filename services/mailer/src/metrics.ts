import { metricsRegistry, type QueueDepth } from '@app/common';
import { Counter, Gauge } from 'prom-client';

/** `mailer_emails_total{outcome}`: sent, duplicate (suppressed), retried (a failed try), dead_lettered, kept. */
const emails =
  (metricsRegistry.getSingleMetric('mailer_emails_total') as Counter<'outcome' | 'kind'> | undefined) ??
  new Counter({
    name: 'mailer_emails_total',
    help: 'E-mail deliveries by outcome: sent, duplicate (suppressed), retried (a failed try), dead_lettered, kept (to the demo account, not sent).',
    labelNames: ['outcome', 'kind'] as const,
    registers: [metricsRegistry],
  });

export type MailOutcome = 'sent' | 'duplicate' | 'retried' | 'dead_lettered' | 'kept';

export interface MailerStats {
  sent: number;
  duplicate: number;
  retried: number;
  dead_lettered: number;
  /** E-mails to the demo account: logged, never sent. */
  kept: number;
}

/** Counts per running mailer (for its log lines and tests) and in the process-wide Prometheus registry. */
export function createMailerStats(): {
  count(outcome: MailOutcome, kind: string): void;
  snapshot(): MailerStats;
} {
  const counts: MailerStats = { sent: 0, duplicate: 0, retried: 0, dead_lettered: 0, kept: 0 };
  return {
    count(outcome, kind) {
      counts[outcome] += 1;
      emails.inc({ outcome, kind });
    },
    snapshot: () => ({ ...counts }),
  };
}

// ----------------------------------------------------------------------------------------------------
// Queue depths, read from the broker when /metrics is scraped
// ----------------------------------------------------------------------------------------------------

type DepthSource = { queue: string; read: () => Promise<QueueDepth | null> };
/** Every mailer running in this process (one in production; several in tests). */
const sources = new Set<DepthSource>();
/** One broker round per scrape: the gauges below are collected concurrently and share it. */
let latest: { at: number; depths: Promise<Array<{ queue: string; depth: QueueDepth | null }>> } | null = null;

function readDepths(): Promise<Array<{ queue: string; depth: QueueDepth | null }>> {
  if (!latest || Date.now() - latest.at > 500) {
    const depths = Promise.all(
      [...sources].map(async ({ queue, read }) => ({ queue, depth: await read().catch(() => null) })),
    );
    latest = { at: Date.now(), depths };
  }
  return latest.depths;
}

function depthGauge(name: string, help: string, pick: (depth: QueueDepth) => number): void {
  if (metricsRegistry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [metricsRegistry],
    async collect() {
      const depths = await readDepths();
      // A queue the broker cannot be asked about right now has no sample (unknown), never a stale one.
      this.reset();
      for (const { queue, depth } of depths) if (depth) this.set({ queue }, pick(depth));
    },
  });
}

depthGauge(
  'mailer_queue_messages',
  'E-mail events ready in the mailer queue and not yet taken by a consumer (consumer lag).',
  (depth) => depth.ready,
);
depthGauge(
  'mailer_retry_queue_messages',
  'E-mail events that failed with a 4xx or network error, waiting in the delay queues for their next try.',
  (depth) => depth.retrying,
);
depthGauge(
  'mailer_dead_letter_queue_messages',
  'E-mail events parked in the dead-letter queue (<queue>.dead) for an operator.',
  (depth) => depth.dead,
);
depthGauge('mailer_queue_consumers', 'Consumers attached to the mailer queue.', (depth) => depth.consumers);

/** Reports the depths of `queue` on /metrics until the returned function is called. */
export function reportQueueDepth(queue: string, read: () => Promise<QueueDepth | null>): () => void {
  const source = { queue, read };
  sources.add(source);
  latest = null;
  return () => {
    sources.delete(source);
    latest = null;
  };
}
