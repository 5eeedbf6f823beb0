import { randomUUID } from 'node:crypto';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import {
  createAmqpBus,
  createEvent,
  createLogger,
  NonRetryableError,
  retryQueueNames,
  type AmqpEventBus,
  type EventEnvelope,
  type SubscribeOptions,
} from '@app/common';
import { testRabbitMq } from '@app/testing';

/*
 * The AMQP bus against a real RabbitMQ: AMQP_URL (CI sets it; locally
 *   AMQP_URL=amqp://guest:guest@127.0.0.1:5672 npm run test:int -- services/common
 * ), else a container where Docker answers. Without either these tests are reported as skipped, with the
 * reason (never silently passed).
 */
const rabbit = await testRabbitMq();
const AMQP_URL = rabbit.url;
if (!rabbit.url) console.warn(`bus.int.test.ts: the RabbitMQ tests are skipped: ${rabbit.reason}.`);
const describeAmqp = AMQP_URL ? describe : describe.skip;
afterAll(async () => {
  if (rabbit.url) await rabbit.stop();
});

const logger = createLogger({ name: 'bus-int-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeAmqp('AMQP event bus (RabbitMQ)', () => {
  // Each run uses its own producer name and queues: other suites share the broker and the `events` exchange.
  const run = randomUUID().slice(0, 8);
  const producer = `bus-int-${run}`;
  const queues: string[] = [];
  const buses: AmqpEventBus[] = [];
  let admin: ChannelModel;
  let channel: Channel;

  function queueName(label: string): string {
    const name = `test.common.${label}.${run}`;
    queues.push(name, `${name}.dead`);
    return name;
  }

  /** Also deletes the subscription's delay queues after the suite. */
  function tracked(sub: SubscribeOptions): SubscribeOptions {
    queues.push(...retryQueueNames(sub));
    return sub;
  }

  function bus(name = 'bus-int-test'): AmqpEventBus {
    const created = createAmqpBus({
      url: AMQP_URL!,
      logger,
      connectionName: name,
      reconnectMinMs: 50,
      reconnectMaxMs: 500,
    });
    buses.push(created);
    return created;
  }

  function ventureCreated(n: number): EventEnvelope<'venture.created'> {
    return createEvent(
      'venture.created',
      { ventureId: `test-${run}-${n}`, ownerId: 'u', name: `V${n}` },
      { producer },
    );
  }

  const mine = (event: EventEnvelope) => event.producer === producer;

  beforeAll(async () => {
    admin = await amqp.connect(AMQP_URL!);
    channel = await admin.createChannel();
  });

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    for (const queue of queues) await channel.deleteQueue(queue).catch(() => undefined);
    await admin.close();
  });

  it('publishes a batch with confirms, and the subscriber receives each event exactly once', async () => {
    const events = Array.from({ length: 300 }, (_, n) => ventureCreated(n));
    const consumer = bus();
    const received = new Map<string, number>();
    await consumer.waitUntilReady();
    await consumer.subscribe(
      tracked({
        queue: queueName('once'),
        types: ['venture.created'],
        prefetch: 50,
        handler: async (event) => {
          if (mine(event)) received.set(event.id, (received.get(event.id) ?? 0) + 1);
        },
      }),
    );
    const publisher = bus();
    await publisher.waitUntilReady();
    await publisher.publish(events);
    await eventually(() => received.size === events.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...received.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(received.keys())).toEqual(new Set(events.map((e) => e.id)));
  });

  it('messages carry the envelope and AMQP properties: persistent, JSON, messageId = event id, type, correlation id', async () => {
    const queue = queueName('props');
    await channel.assertQueue(queue, { durable: true });
    await channel.bindQueue(queue, 'events', 'venture.created');
    const publisher = bus();
    await publisher.waitUntilReady();
    const event = ventureCreated(1);
    await publisher.publish([event]);
    let message: amqp.GetMessage | false = false;
    await eventually(async () => {
      message = await channel.get(queue, { noAck: true });
      while (message && JSON.parse(message.content.toString()).producer !== producer) {
        message = await channel.get(queue, { noAck: true });
      }
      return message !== false;
    });
    const got = message as unknown as amqp.GetMessage;
    expect(JSON.parse(got.content.toString())).toEqual(event);
    expect(got.fields.routingKey).toBe('venture.created');
    expect(got.properties).toMatchObject({
      contentType: 'application/json',
      deliveryMode: 2,
      messageId: event.id,
      type: 'venture.created',
      correlationId: event.correlationId,
      appId: producer,
    });
  });

  it('a poison message is dead-lettered at once without reaching the handler, and the next valid ones are handled', async () => {
    const queue = queueName('poison');
    const consumer = bus();
    await consumer.waitUntilReady();
    const handled: string[] = [];
    await consumer.subscribe(
      tracked({
        queue,
        types: ['venture.created'],
        deadLetter: true,
        handler: async (event) => {
          if (mine(event)) handled.push(event.id);
        },
      }),
    );
    // Straight into our queue, so no other suite's queue ever sees the poison.
    channel.sendToQueue(queue, Buffer.from('{"not":"an event"'), { messageId: 'poison-1', persistent: true });
    channel.sendToQueue(
      queue,
      Buffer.from(JSON.stringify({ ...ventureCreated(0), type: 'venture.exploded' })),
      {
        messageId: 'poison-2',
      },
    );
    const valid = [ventureCreated(1), ventureCreated(2)];
    await consumer.publish(valid);
    await eventually(() => handled.length === 2);
    expect(handled).toEqual(valid.map((e) => e.id));
    const dead: string[] = [];
    await eventually(async () => {
      const msg = await channel.get(`${queue}.dead`, { noAck: true });
      if (msg) dead.push(String(msg.properties.messageId));
      return dead.length === 2;
    });
    expect(dead.sort()).toEqual(['poison-1', 'poison-2']);
    expect(consumer.ready()).toBe(true);
  });

  it('a failing handler is retried with a delay, and a permanent failure goes to the dead-letter queue', async () => {
    const queue = queueName('retry');
    const consumer = bus();
    await consumer.waitUntilReady();
    const attempts = new Map<string, number[]>();
    const [transient, permanent] = [ventureCreated(1), ventureCreated(2)];
    await consumer.subscribe(
      tracked({
        queue,
        types: ['venture.created'],
        deadLetter: true,
        retryDelayMs: () => 50,
        handler: async (event, raw) => {
          if (!mine(event)) return;
          attempts.set(event.id, [...(attempts.get(event.id) ?? []), raw.attempt]);
          if (event.id === permanent.id) throw new NonRetryableError('550 no such mailbox');
          if (raw.attempt < 3) throw new Error('421 try later');
        },
      }),
    );
    await consumer.publish([transient, permanent]);
    await eventually(() => (attempts.get(transient.id) ?? []).length === 3);
    let deadMessage: amqp.GetMessage | false = false;
    await eventually(async () => {
      deadMessage = await channel.get(`${queue}.dead`, { noAck: true });
      return deadMessage !== false;
    });
    expect(String((deadMessage as unknown as amqp.GetMessage).properties.messageId)).toBe(permanent.id);
    expect(attempts.get(transient.id)).toEqual([1, 2, 3]);
    expect(attempts.get(permanent.id)).toEqual([1]);
  });

  it('after the connection drops, publish rejects fast, and the bus reconnects and re-subscribes by itself', async () => {
    const queue = queueName('reconnect');
    const subject = bus('bus-int-reconnect');
    await subject.waitUntilReady();
    const handled: string[] = [];
    await subject.subscribe(
      tracked({
        queue,
        types: ['venture.created'],
        handler: async (event) => {
          if (mine(event)) handled.push(event.id);
        },
      }),
    );
    subject.simulateConnectionLoss();
    await eventually(() => !subject.ready(), 5000);
    const started = Date.now();
    await expect(subject.publish([ventureCreated(0)])).rejects.toMatchObject({ code: 'BUS.UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(100);

    await subject.waitUntilReady(10_000);
    const after = [ventureCreated(1), ventureCreated(2)];
    await subject.publish(after);
    await eventually(() => handled.length === 2);
    expect(handled).toEqual(after.map((e) => e.id));
  }, 30_000);

  it('a failed message waits in its delay queue, not in the consumer, and comes back as a copy with the next attempt number', async () => {
    const queue = queueName('delay');
    const sub = tracked({
      queue,
      types: ['venture.created'],
      deadLetter: true,
      retryDelayMs: () => 1500,
      handler: async () => {
        throw new Error('421 try later');
      },
    });
    expect(retryQueueNames(sub)).toEqual([`${queue}.retry.1500`]);
    const first = bus();
    await first.waitUntilReady();
    await first.subscribe(sub);
    const event = ventureCreated(1);
    channel.sendToQueue(queue, Buffer.from(JSON.stringify(event)), {
      persistent: true,
      contentType: 'application/json',
      messageId: event.id,
      correlationId: event.correlationId,
      headers: { 'x-origin': 'kept' },
    });
    await eventually(async () => (await channel.checkQueue(`${queue}.retry.1500`)).messageCount === 1);
    // With the consumer gone, anything it still held unacked would be back in the queue: nothing is.
    await first.close();
    expect((await channel.checkQueue(queue)).messageCount).toBe(0);

    const copy = (await channel.get(`${queue}.retry.1500`)) as amqp.GetMessage;
    expect(copy).not.toBe(false);
    expect(JSON.parse(copy.content.toString())).toEqual(event);
    expect(copy.properties).toMatchObject({
      deliveryMode: 2,
      contentType: 'application/json',
      messageId: event.id,
      correlationId: event.correlationId,
      headers: { 'x-origin': 'kept', 'x-attempt': 2, 'x-last-error': 'Error: 421 try later' },
    });
    channel.nack(copy, false, true);

    const seen: Array<{ attempt: number; origin: unknown; waitedMs: number }> = [];
    const failedAt = Date.now();
    const second = bus();
    await second.waitUntilReady();
    await second.subscribe({
      ...sub,
      handler: async (_event, raw) => {
        seen.push({ attempt: raw.attempt, origin: raw.headers['x-origin'], waitedMs: Date.now() - failedAt });
      },
    });
    await eventually(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ attempt: 2, origin: 'kept' });
    await eventually(async () => (await second.queueDepth(queue))?.retrying === 0);
    expect(await second.queueDepth(queue)).toEqual({ ready: 0, consumers: 1, retrying: 0, dead: 0 });
  }, 30_000);

  it('when every try fails, the message is parked in the dead-letter queue with the reason and the try count', async () => {
    const queue = queueName('exhausted');
    const consumer = bus();
    await consumer.waitUntilReady();
    const attempts: number[] = [];
    await consumer.subscribe(
      tracked({
        queue,
        types: ['venture.created'],
        deadLetter: true,
        maxAttempts: 3,
        retryDelayMs: (attempt) => 40 * attempt,
        handler: async (event, raw) => {
          if (!mine(event)) return;
          attempts.push(raw.attempt);
          throw new Error('451 mailbox busy');
        },
      }),
    );
    const event = ventureCreated(1);
    await consumer.publish([event]);
    let parked: amqp.GetMessage | false = false;
    await eventually(async () => {
      parked = await channel.get(`${queue}.dead`, { noAck: true });
      return parked !== false;
    });
    const got = parked as unknown as amqp.GetMessage;
    expect(attempts).toEqual([1, 2, 3]);
    expect(JSON.parse(got.content.toString())).toEqual(event);
    expect(got.properties.messageId).toBe(event.id);
    expect(got.properties.headers).toMatchObject({
      'x-attempts-made': 3,
      'x-error': 'Error: 451 mailbox busy',
      'x-failed-queue': queue,
      'x-parked-at': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(got.properties.headers).not.toHaveProperty('x-attempt');
    for (const name of [queue, `${queue}.retry.40`, `${queue}.retry.80`])
      expect((await channel.checkQueue(name)).messageCount).toBe(0);

    // Replayed by an operator (moved back as it is): a fresh set of tries, then parked again.
    channel.sendToQueue(queue, got.content, { ...got.properties, headers: got.properties.headers });
    await eventually(async () => (await channel.checkQueue(`${queue}.dead`)).messageCount === 1);
    expect(attempts).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it('when a delay queue disappears, the retry is not lost: the bus reconnects, re-declares it and retries', async () => {
    const queue = queueName('redeclare');
    const consumer = bus();
    await consumer.waitUntilReady();
    const attempts: number[] = [];
    await consumer.subscribe(
      tracked({
        queue,
        types: ['venture.created'],
        deadLetter: true,
        retryDelayMs: () => 50,
        handler: async (event, raw) => {
          if (!mine(event)) return;
          attempts.push(raw.attempt);
          if (raw.attempt < 2) throw new Error('421 try later');
        },
      }),
    );
    await channel.deleteQueue(`${queue}.retry.50`);
    // Straight into the queue: the reconnect below would fail a publish whose confirm is still on its way.
    const event = ventureCreated(1);
    channel.sendToQueue(queue, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
    await eventually(() => attempts.includes(2));
    // The first try's copy was returned unroutable: the message stayed unacked and came back after the
    // reconnect, which declared the delay queue again.
    expect(attempts).toEqual([1, 1, 2]);
    expect((await channel.checkQueue(`${queue}.retry.50`)).messageCount).toBe(0);
    expect((await channel.checkQueue(`${queue}.dead`)).messageCount).toBe(0);
  }, 30_000);

  it('a bus on its own exchange gets only what is published there, not the events exchange', async () => {
    const exchange = `test.common.exchange.${run}`;
    const queue = queueName('own-exchange');
    const own = createAmqpBus({ url: AMQP_URL!, logger, connectionName: 'bus-int-own', exchange });
    buses.push(own);
    await own.waitUntilReady();
    const handled: string[] = [];
    await own.subscribe(
      tracked({ queue, types: ['venture.created'], handler: async (event) => void handled.push(event.id) }),
    );
    const shared = bus();
    await shared.waitUntilReady();
    const [elsewhere, here] = [ventureCreated(1), ventureCreated(2)];
    await shared.publish([elsewhere]);
    await own.publish([here]);
    await eventually(() => handled.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(handled).toEqual([here.id]);
    await channel.deleteExchange(exchange);
  });

  it('publishing to an unreachable broker rejects quickly instead of hanging', async () => {
    const unreachable = createAmqpBus({
      url: 'amqp://guest:guest@127.0.0.1:1',
      logger,
      connectionName: 'nowhere',
    });
    buses.push(unreachable);
    await expect(unreachable.publish([ventureCreated(1)])).rejects.toMatchObject({ status: 503 });
    await expect(unreachable.waitUntilReady(300)).rejects.toMatchObject({ code: 'BUS.UNAVAILABLE' });
  });
});
