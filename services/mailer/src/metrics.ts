import { metricsRegistry } from '@app/common';
import { Counter } from 'prom-client';

/** `mailer_emails_total{outcome}`: sent, duplicate (suppressed), retried (a failed try), dead_lettered. */
const emails =
  (metricsRegistry.getSingleMetric('mailer_emails_total') as Counter<'outcome' | 'kind'> | undefined) ??
  new Counter({
    name: 'mailer_emails_total',
    help: 'E-mail deliveries by outcome: sent, duplicate (suppressed), retried (a failed try), dead_lettered.',
    labelNames: ['outcome', 'kind'] as const,
    registers: [metricsRegistry],
  });

export type MailOutcome = 'sent' | 'duplicate' | 'retried' | 'dead_lettered';

export interface MailerStats {
  sent: number;
  duplicate: number;
  retried: number;
  dead_lettered: number;
}

/** Counts per running mailer (for its log lines and tests) and in the process-wide Prometheus registry. */
export function createMailerStats(): {
  count(outcome: MailOutcome, kind: string): void;
  snapshot(): MailerStats;
} {
  const counts: MailerStats = { sent: 0, duplicate: 0, retried: 0, dead_lettered: 0 };
  return {
    count(outcome, kind) {
      counts[outcome] += 1;
      emails.inc({ outcome, kind });
    },
    snapshot: () => ({ ...counts }),
  };
}
