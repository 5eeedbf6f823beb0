import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInProcessBus, readJournal } from './bus.ts';
import { createEvent, type EventEnvelope } from './events.ts';
import { createLogger } from './logger.ts';

/*
 * The in-process bus of `npm start` with a journal (issue 20, "nothing lost"): what a publish handed over
 * survives the process dying before the consumer finished, and comes back to the queue's next subscriber.
 * A process kill is simulated by abandoning a bus (never closed) and opening another on the same file.
 */
const logger = createLogger({ name: 'test', level: 'silent' });

function ventureCreated(n: number): EventEnvelope<'venture.created'> {
  return createEvent(
    'venture.created',
    { ventureId: `v${n}`, ownerId: 'u1', name: `Venture ${n}` },
    { producer: 'test' },
  );
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bus-journal-'));
  file = path.join(dir, 'bus', 'journal.ndjson');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('in-process event bus with a journal', () => {
  it('when the process dies before the consumer finished, then the next start delivers those events, and only those', async () => {
    const first = createInProcessBus({ logger, journal: file });
    const handled: string[] = [];
    await first.subscribe({
      queue: 'mail',
      types: ['venture.created'],
      handler: async (e) => {
        if (e.id === events[0]!.id) return void handled.push(e.id);
        await new Promise(() => undefined); // still sending when the process dies
      },
    });
    const events = [1, 2, 3].map(ventureCreated);
    await first.publish(events);
    // The publish resolved: the relay may now drop the events from its outbox. They are in the journal.
    expect(readJournal(file).map((d) => JSON.parse(d.raw).id)).toEqual(events.map((e) => e.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handled).toEqual([events[0]!.id]);
    expect(readJournal(file).map((d) => JSON.parse(d.raw).id)).toEqual([events[1]!.id, events[2]!.id]);

    // "Killed": the first bus is abandoned as it is. The next start reads the same file.
    const second = createInProcessBus({ logger, journal: file });
    const redelivered: string[] = [];
    await second.subscribe({
      queue: 'mail',
      types: ['venture.created'],
      handler: async (e) => void redelivered.push(e.id),
    });
    await second.idle();
    expect(redelivered).toEqual([events[1]!.id, events[2]!.id]);
    expect(readJournal(file)).toEqual([]);
    await second.close();

    const third = createInProcessBus({ logger, journal: file });
    const again: string[] = [];
    await third.subscribe({ queue: 'mail', types: ['#'], handler: async (e) => void again.push(e.id) });
    await third.idle();
    expect(again).toEqual([]);
    await third.close();
  });

  it('when the bus closes while a delivery waits for its retry, then it is kept for the next start', async () => {
    const first = createInProcessBus({ logger, journal: file });
    await first.subscribe({
      queue: 'mail',
      types: ['venture.created'],
      retryDelayMs: () => 50,
      handler: async () => {
        throw new Error('SMTP down');
      },
    });
    const event = ventureCreated(1);
    await first.publish([event]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await first.close();
    expect(first.deadLetters()).toEqual([]);

    const second = createInProcessBus({ logger, journal: file });
    const received: string[] = [];
    await second.subscribe({ queue: 'mail', types: ['#'], handler: async (e) => void received.push(e.id) });
    await second.idle();
    expect(received).toEqual([event.id]);
    await second.close();
  });

  it('when a consumer gives up, then the event is dead-lettered and not delivered again at the next start', async () => {
    const first = createInProcessBus({ logger, journal: file });
    await first.subscribe({
      queue: 'mail',
      types: ['venture.created'],
      maxAttempts: 1,
      handler: async () => {
        throw new Error('refused');
      },
    });
    await first.publish([ventureCreated(1)]);
    await first.idle();
    expect(first.deadLetters()).toHaveLength(1);
    await first.close();
    expect(readJournal(file)).toEqual([]);
  });

  it('when a line was torn by the kill, then the journal still opens with every whole line', async () => {
    const first = createInProcessBus({ logger, journal: file });
    await first.subscribe({ queue: 'mail', types: ['#'], handler: () => new Promise(() => undefined) });
    await first.publish([ventureCreated(1)]);
    const { appendFileSync } = await import('node:fs');
    appendFileSync(file, '{"op":"add","id":"torn","queue":"ma');
    expect(readJournal(file)).toHaveLength(1);
    const second = createInProcessBus({ logger, journal: file });
    // Rewritten whole: the queue and the one pending delivery, the torn line gone.
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((l) => (JSON.parse(l) as { op: string }).op)).toEqual(['queue', 'add']);
    await second.close();
  });

  it('when events are published before their queue is subscribed to again (services start in turn), then they wait for it', async () => {
    const first = createInProcessBus({ logger, journal: file });
    await first.subscribe({ queue: 'venture.user-deleted', types: ['venture.*'], handler: async () => {} });
    await first.close();

    const second = createInProcessBus({ logger, journal: file });
    const early = ventureCreated(1);
    // Another service's outbox relay publishes first, as at a restart.
    await second.publish([early]);
    expect(readJournal(file).map((d) => JSON.parse(d.raw).id)).toEqual([early.id]);
    const received: string[] = [];
    await second.subscribe({
      queue: 'venture.user-deleted',
      types: ['venture.*'],
      handler: async (e) => void received.push(e.id),
    });
    await second.idle();
    expect(received).toEqual([early.id]);
    expect(readJournal(file)).toEqual([]);
    await second.close();
  });
});
