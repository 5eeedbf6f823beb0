import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { startTestMongo, type TestMongo } from '@app/testing';
import type { EventBus } from '../src/bus.ts';
import { createEvent, type EventEnvelope } from '../src/events.ts';
import { createLogger } from '../src/logger.ts';
import { notDeleted, outboxPlugin, startOutboxRelay, type OutboxRelay } from '../src/outbox.ts';

const logger = createLogger({ name: 'outbox-test', level: 'silent' });

/** A bus whose broker can be "down": publish rejects and ready() is false until `connect()`. */
function controllableBus() {
  const published: EventEnvelope[] = [];
  const listeners = new Set<() => void>();
  let up = false;
  let failNext = 0;
  const bus: EventBus = {
    async publish(events) {
      if (!up) throw new Error('broker down');
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('nacked');
      }
      published.push(...events);
    },
    subscribe: async () => undefined,
    ready: () => up,
    onReady(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => undefined,
  };
  return {
    bus,
    published,
    connect() {
      up = true;
      for (const listener of listeners) listener();
    },
    disconnect() {
      up = false;
    },
    failNextPublish() {
      failNext += 1;
    },
  };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('outbox relay', () => {
  let mongo: TestMongo;
  let connection: mongoose.Connection;
  let Thing: mongoose.Model<{ name: string; outbox: EventEnvelope[]; deletedAt: Date | null }>;
  const relays: OutboxRelay[] = [];

  beforeAll(async () => {
    mongo = await startTestMongo();
    connection = await mongoose.createConnection(`${mongo.url}/${mongo.uniqueDbName('outbox')}`).asPromise();
    const schema = new mongoose.Schema({ name: String });
    schema.plugin(outboxPlugin);
    Thing = connection.model('Thing', schema) as unknown as typeof Thing;
    await Thing.init();
  });

  // Every relay works on the whole collection: one at a time, so each test sees only its own bus.
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });

  afterAll(async () => {
    await connection.close();
    await mongo.stop();
  });

  function relay(bus: EventBus, pollIntervalMs = 50): OutboxRelay {
    const started = startOutboxRelay({ models: [Thing], bus, logger, pollIntervalMs, maxBackoffMs: 60_000 });
    relays.push(started);
    return started;
  }

  const created = (name: string) =>
    createEvent('venture.created', { ventureId: name, ownerId: 'owner', name }, { producer: 'outbox-test' });

  it('started while the broker is down, it publishes the waiting events as soon as the bus connects', async () => {
    const broker = controllableBus();
    const event = created('waiting');
    await Thing.create({ name: 'waiting', outbox: [event] });
    const subject = relay(broker.bus);
    // Several failed passes grow the backoff far beyond the test's patience (max 60 s)...
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(broker.published).toEqual([]);
    // ...but the bus announcing itself wakes the relay at once.
    broker.connect();
    await eventually(() => broker.published.some((e) => e.id === event.id), 2000);
    await eventually(async () => (await Thing.findOne({ name: 'waiting' }).lean())?.outbox.length === 0);
    expect(await subject.stats()).toMatchObject({ pending: 0, oldestAgeMs: null });
  });

  it('keeps an event whose publish failed and publishes it exactly once on a later pass', async () => {
    const broker = controllableBus();
    broker.connect();
    broker.failNextPublish();
    const event = created('retried');
    await Thing.create({ name: 'retried', outbox: [event] });
    relay(broker.bus);
    await eventually(() => broker.published.some((e) => e.id === event.id), 5000);
    await eventually(async () => (await Thing.findOne({ name: 'retried' }).lean())?.outbox.length === 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(broker.published.filter((e) => e.id === event.id)).toHaveLength(1);
  });

  it('removes a document marked deleted once its last event is out', async () => {
    const broker = controllableBus();
    broker.connect();
    const event = created('gone');
    await Thing.create({ name: 'gone', outbox: [event], deletedAt: new Date() });
    expect(await Thing.countDocuments({ name: 'gone', ...notDeleted })).toBe(0);
    relay(broker.bus);
    await eventually(async () => (await Thing.countDocuments({ name: 'gone' })) === 0);
    expect(broker.published.map((e) => e.id)).toContain(event.id);
  });
});
