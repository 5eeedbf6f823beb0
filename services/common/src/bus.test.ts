import { createEventBus, createInProcessBus, NonRetryableError, retryQueueNames } from './bus.ts';
import { createEvent, type EventEnvelope } from './events.ts';
import { createLogger } from './logger.ts';

const logger = createLogger({ name: 'test', level: 'silent' });

function ventureCreated(n: number): EventEnvelope<'venture.created'> {
  return createEvent(
    'venture.created',
    { ventureId: `v${n}`, ownerId: 'u1', name: `Venture ${n}` },
    { producer: 'test' },
  );
}

describe('in-process event bus', () => {
  it('delivers each event once per queue bound to its type, asynchronously, after publish resolved', async () => {
    const bus = createInProcessBus({ logger });
    const a: string[] = [];
    const b: string[] = [];
    await bus.subscribe({ queue: 'a', types: ['venture.created'], handler: async (e) => void a.push(e.id) });
    await bus.subscribe({ queue: 'b', types: ['venture.*'], handler: async (e) => void b.push(e.id) });
    await bus.subscribe({
      queue: 'c',
      types: ['user.deleted'],
      handler: async () => {
        throw new Error('not bound');
      },
    });
    const events = [ventureCreated(1), ventureCreated(2)];
    await bus.publish(events);
    expect(a).toEqual([]);
    await bus.idle();
    expect(a).toEqual(events.map((e) => e.id));
    expect(b).toEqual(events.map((e) => e.id));
    await bus.close();
  });

  it('consumers get a copy, never the producer object', async () => {
    const bus = createInProcessBus({ logger });
    let received: EventEnvelope | undefined;
    await bus.subscribe({ queue: 'a', types: ['#'], handler: async (e) => void (received = e) });
    const event = ventureCreated(1);
    await bus.publish([event]);
    await bus.idle();
    expect(received).toEqual(event);
    expect(received).not.toBe(event);
  });

  it('a failing handler is retried a bounded number of times, then kept in the dead list', async () => {
    const bus = createInProcessBus({ logger });
    let calls = 0;
    await bus.subscribe({
      queue: 'flaky',
      types: ['venture.created'],
      maxAttempts: 3,
      retryDelayMs: () => 5,
      handler: async () => {
        calls += 1;
        throw new Error('smtp down');
      },
    });
    const event = ventureCreated(1);
    await bus.publish([event]);
    await bus.idle();
    expect(calls).toBe(3);
    expect(bus.deadLetters()).toEqual([
      { queue: 'flaky', event, error: 'smtp down', at: expect.any(String) },
    ]);
  });

  it('a handler that recovers on retry handles the event once, and a NonRetryableError is not retried', async () => {
    const bus = createInProcessBus({ logger });
    const attempts: number[] = [];
    await bus.subscribe({
      queue: 'recovers',
      types: ['venture.created'],
      retryDelayMs: () => 5,
      handler: async (_e, raw) => {
        attempts.push(raw.attempt);
        if (raw.attempt < 2) throw new Error('transient');
      },
    });
    let permanent = 0;
    await bus.subscribe({
      queue: 'permanent',
      types: ['venture.created'],
      handler: async () => {
        permanent += 1;
        throw new NonRetryableError('550 mailbox unknown');
      },
    });
    await bus.publish([ventureCreated(1)]);
    await bus.idle();
    expect(attempts).toEqual([1, 2]);
    expect(permanent).toBe(1);
    expect(bus.deadLetters().map((d) => d.queue)).toEqual(['permanent']);
  });

  it('reports how many deliveries wait for a retry and how many were given up, per queue', async () => {
    const bus = createInProcessBus({ logger });
    const headers: Array<Record<string, unknown>> = [];
    await bus.subscribe({
      queue: 'slow-retry',
      types: ['venture.created'],
      maxAttempts: 2,
      retryDelayMs: () => 60,
      handler: async (_e, raw) => {
        headers.push(raw.headers);
        throw new Error('421 later');
      },
    });
    expect(await bus.queueDepth('unknown')).toBeNull();
    await bus.publish([ventureCreated(1)]);
    expect(await bus.queueDepth('slow-retry')).toEqual({ ready: 1, consumers: 1, retrying: 0, dead: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await bus.queueDepth('slow-retry')).toEqual({ ready: 0, consumers: 1, retrying: 1, dead: 0 });
    await bus.idle();
    expect(headers).toEqual([{}, { 'x-attempt': 2 }]);
    expect(await bus.queueDepth('slow-retry')).toEqual({ ready: 0, consumers: 1, retrying: 0, dead: 1 });
  });

  it('names one delay queue per distinct retry delay, shortest first', () => {
    expect(retryQueueNames({ queue: 'q' })).toEqual([
      'q.retry.1000',
      'q.retry.2000',
      'q.retry.4000',
      'q.retry.8000',
    ]);
    expect(
      retryQueueNames({
        queue: 'mail',
        maxAttempts: 6,
        retryDelayMs: (n) => Math.min(400, 50 * 2 ** (n - 1)),
      }),
    ).toEqual(['mail.retry.50', 'mail.retry.100', 'mail.retry.200', 'mail.retry.400']);
    expect(retryQueueNames({ queue: 'once', maxAttempts: 1 })).toEqual([]);
  });

  it('an invalid event never reaches the handler', async () => {
    const bus = createInProcessBus({ logger });
    let calls = 0;
    await bus.subscribe({ queue: 'a', types: ['#'], handler: async () => void (calls += 1) });
    const poison = { ...ventureCreated(1), data: { nope: true } } as unknown as EventEnvelope;
    await bus.publish([poison, ventureCreated(2)]);
    await bus.idle();
    expect(calls).toBe(1);
  });

  it('without a URL every service of the process shares ONE bus, closed when the last one closes', async () => {
    const producer = createEventBus({ logger, connectionName: 'venture' });
    const consumer = createEventBus({ logger, connectionName: 'mailer' });
    const got: string[] = [];
    await consumer.subscribe({
      queue: 'mailer',
      types: ['venture.created'],
      handler: async (e) => void got.push(e.id),
    });
    const event = ventureCreated(1);
    await producer.publish([event]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(got).toEqual([event.id]);
    await producer.close();
    expect(producer.ready()).toBe(false);
    expect(consumer.ready()).toBe(true);
    await consumer.close();
    expect(consumer.ready()).toBe(false);
  });

  it('publishing on a closed bus rejects', async () => {
    const bus = createInProcessBus({ logger });
    await bus.close();
    await expect(bus.publish([ventureCreated(1)])).rejects.toMatchObject({
      code: 'BUS.UNAVAILABLE',
      status: 503,
    });
  });
});
