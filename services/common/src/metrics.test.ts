import { metricsRegistry, reportOutbox } from './metrics.ts';

async function outboxSamples() {
  const text = await metricsRegistry.metrics();
  return text
    .split('\n')
    .filter((line) => /^outbox_(pending_documents|oldest_event_age_seconds)\{/.test(line))
    .sort();
}

describe('outbox gauges', () => {
  it('report each relay backlog and oldest age at scrape time, summed per model, until it stops reporting', async () => {
    let pending = 3;
    const stopA = reportOutbox('Venture', async () => ({ pending, oldestAgeMs: 2500 }));
    const stopB = reportOutbox('Venture', async () => ({ pending: 1, oldestAgeMs: 9000 }));
    const stopC = reportOutbox('User', async () => ({ pending: 0, oldestAgeMs: null }));
    try {
      expect(await outboxSamples()).toEqual([
        'outbox_oldest_event_age_seconds{model="User"} 0',
        'outbox_oldest_event_age_seconds{model="Venture"} 9',
        'outbox_pending_documents{model="User"} 0',
        'outbox_pending_documents{model="Venture"} 4',
      ]);
      pending = 10;
      stopB();
      expect(await outboxSamples()).toEqual([
        'outbox_oldest_event_age_seconds{model="User"} 0',
        'outbox_oldest_event_age_seconds{model="Venture"} 2.5',
        'outbox_pending_documents{model="User"} 0',
        'outbox_pending_documents{model="Venture"} 10',
      ]);
    } finally {
      stopA();
      stopB();
      stopC();
    }
    expect(await outboxSamples()).toEqual([]);
  });

  it('leave out a relay whose database fails or hangs, and the scrape still answers within about a second', async () => {
    const stopOk = reportOutbox('ContactMessage', async () => ({ pending: 2, oldestAgeMs: 1000 }));
    const stopFailing = reportOutbox('User', () => Promise.reject(new Error('database away')));
    const stopHung = reportOutbox('Venture', () => new Promise(() => {}));
    try {
      const started = Date.now();
      expect(await outboxSamples()).toEqual([
        'outbox_oldest_event_age_seconds{model="ContactMessage"} 1',
        'outbox_pending_documents{model="ContactMessage"} 2',
      ]);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      stopOk();
      stopFailing();
      stopHung();
    }
  });
});
