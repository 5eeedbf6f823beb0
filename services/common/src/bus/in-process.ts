// The in-process bus of the all-in-one runner without AMQP_URL: the same contract (topic patterns, one
// delivery per queue, tries with growing delays, dead letters kept in memory) without a broker.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseEvent, type EventEnvelope } from '../events.ts';
import type { Logger } from '../logger.ts';
import {
  ATTEMPT_HEADER,
  busUnavailable,
  gaveUp,
  type EventBus,
  type QueueDepth,
  type SubscribeOptions,
} from './contract.ts';
import { DEFAULT_MAX_ATTEMPTS, retryDelayAfter } from './retry-topology.ts';

export interface DeadEvent {
  queue: string;
  event: EventEnvelope;
  error: string;
  at: string;
}

export interface InProcessEventBus extends EventBus {
  queueDepth(queue: string): Promise<QueueDepth | null>;
  /** What consumers gave up on (bounded; the oldest go first). */
  deadLetters(): DeadEvent[];
  /** Resolves once every delivery queued so far has been handled (tests). */
  idle(): Promise<void>;
}

function topicMatches(pattern: string, key: string): boolean {
  const p = pattern.split('.');
  const k = key.split('.');
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    if (p[i] === '#') return match(i + 1, j) || (j < k.length && match(i, j + 1));
    if (j === k.length) return false;
    return (p[i] === '*' || p[i] === k[j]) && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/** One line of the journal: a delivery to a queue taken on, or finished with (handled or given up). */
type JournalLine = { op: 'add'; id: string; queue: string; raw: string } | { op: 'done'; id: string };

/** A delivery the journal holds: published, not yet finished by its queue's consumer. */
interface JournaledDelivery {
  id: string;
  queue: string;
  raw: string;
}

/** Past this many lines with nothing pending, the journal is emptied. */
const JOURNAL_COMPACT_LINES = 10_000;

/**
 * The deliveries a journal file still holds (every `add` without its `done`), in publication order. A torn
 * last line (a kill mid-write) is ignored: its publish never resolved, so its events are still in an outbox.
 */
export function readJournal(file: string): JournaledDelivery[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const pending = new Map<string, JournaledDelivery>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    let entry: JournalLine;
    try {
      entry = JSON.parse(line) as JournalLine;
    } catch {
      continue;
    }
    if (entry.op === 'add') pending.set(entry.id, { id: entry.id, queue: entry.queue, raw: entry.raw });
    else pending.delete(entry.id);
  }
  return [...pending.values()];
}

/**
 * The append-only file behind a journaled in-process bus: rewritten at open with only what is pending,
 * then appended to, one write at a time (each line whole, in order). Written to the kernel before a
 * publish resolves, so a killed process (SIGKILL) loses nothing the outbox relay removed; an operating
 * system crash may lose the last writes (no fsync per event: the bus is for local runs).
 */
function openJournal(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const recovered = readJournal(file);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(
    temp,
    recovered.map((d) => `${JSON.stringify({ op: 'add', ...d } satisfies JournalLine)}\n`).join(''),
  );
  renameSync(temp, file);
  let handle: Promise<FileHandle> | null = open(file, 'a');
  let tail: Promise<void> = Promise.resolve();
  let lines = recovered.length;
  let pending = recovered.length;
  const append = (entries: JournalLine[], compact: boolean): Promise<void> => {
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    const step = tail.then(async () => {
      if (!handle) throw new Error('The event bus journal is closed');
      const fh = await handle;
      if (compact && pending === 0 && lines >= JOURNAL_COMPACT_LINES) {
        await fh.truncate(0);
        lines = 0;
        return;
      }
      await fh.write(text);
      lines += entries.length;
    });
    tail = step.catch(() => undefined);
    return step;
  };
  return {
    recovered,
    /** Resolves once the deliveries are written (a publish waits for it). */
    add(deliveries: JournaledDelivery[]): Promise<void> {
      if (deliveries.length === 0) return Promise.resolve();
      pending += deliveries.length;
      return append(
        deliveries.map((d) => ({ op: 'add', ...d })),
        false,
      );
    },
    done(id: string): Promise<void> {
      pending -= 1;
      return append([{ op: 'done', id }], true);
    },
    async close() {
      const fh = handle;
      handle = null;
      await tail;
      await (await fh)?.close();
    },
  };
}

/**
 * The same contract in memory: delivery is asynchronous, one subscription per queue name (a second
 * `subscribe` on a queue adds a competing handler, as with RabbitMQ), failed handlers are retried with
 * the subscription's delays and finally kept in a dead list. Without `journal`, events are lost when the
 * process stops. With `journal` (a file; the all-in-one runner's `DATA_DIR/bus/journal.ndjson`) every
 * delivery is written down before `publish` resolves (so before the outbox relay removes its event) and
 * marked done once its consumer handled it or gave up; a delivery not done when the process dies (killed,
 * or stopped while it waited for a retry) is delivered again when its queue is next subscribed to. So a
 * consumer may see an event twice after a crash, and absorbs it by event id as on RabbitMQ.
 */
export function createInProcessBus(opts: { logger: Logger; journal?: string }): InProcessEventBus {
  const log = opts.logger.child({ component: 'event-bus', bus: 'in-process' });
  const journal = opts.journal ? openJournal(opts.journal) : null;
  /** Per queue: deliveries recovered from the journal, waiting for the queue's first subscriber. */
  const recovered = new Map<string, JournaledDelivery[]>();
  for (const delivery of journal?.recovered ?? []) {
    const list = recovered.get(delivery.queue) ?? [];
    list.push(delivery);
    recovered.set(delivery.queue, list);
  }
  if (journal && journal.recovered.length > 0)
    log.warn(
      { deliveries: journal.recovered.length, journal: opts.journal },
      'events not handled before the last stop are delivered again',
    );
  const queues = new Map<string, { subs: SubscribeOptions[]; next: number; patterns: Set<string> }>();
  const dead: DeadEvent[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Per queue: deliveries not yet started, and those waiting for their next try. */
  const depth = new Map<string, { ready: number; retrying: number }>();
  let closed = false;

  function depthOf(queue: string): { ready: number; retrying: number } {
    let entry = depth.get(queue);
    if (!entry) depth.set(queue, (entry = { ready: 0, retrying: 0 }));
    return entry;
  }

  /** One delivery, then its `done` line unless the bus closed before it was finished. */
  async function run(
    queue: string,
    subs: SubscribeOptions[],
    pick: number,
    raw: string,
    id: string | null,
  ): Promise<void> {
    const finished = await attempt(queue, subs, pick, raw);
    if (finished && journal && id)
      await journal.done(id).catch((err: unknown) => {
        // Delivered again at the next start; consumers absorb it by event id.
        log.warn({ err, queue }, 'could not mark a delivery done in the journal');
      });
  }

  /** Resolves true once the delivery is finished with (handled, given up or invalid). */
  async function attempt(queue: string, subs: SubscribeOptions[], pick: number, raw: string) {
    let event: EventEnvelope;
    try {
      event = parseEvent(JSON.parse(raw));
    } catch (err) {
      log.error({ err, queue }, 'invalid event dropped');
      return true;
    }
    for (let attempt = 1; ; attempt += 1) {
      if (closed && journal && attempt > 1) return false;
      const sub = subs[(pick + attempt - 1) % subs.length]!;
      try {
        await sub.handler(event, {
          redelivered: attempt > 1,
          headers: attempt > 1 ? { [ATTEMPT_HEADER]: attempt } : {},
          attempt,
        });
        return true;
      } catch (err) {
        const context = { err, queue, eventId: event.id, type: event.type, attempt };
        if (closed && journal && !gaveUp(err)) {
          log.warn(
            context,
            'event handler failed while the bus closed; kept in the journal for the next start',
          );
          return false;
        }
        if (closed || gaveUp(err) || attempt >= (sub.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
          log.error(context, 'event handler gave up; kept in the dead list');
          dead.push({
            queue,
            event,
            error: String((err as Error)?.message ?? err),
            at: new Date().toISOString(),
          });
          if (dead.length > 1000) dead.shift();
          return true;
        }
        // No broker to hold it: the retry waits on a timer here (in the journal, if any, meanwhile).
        const delay = retryDelayAfter(sub, attempt);
        log.warn({ ...context, retryInMs: delay }, 'event handler failed; will retry');
        depthOf(queue).retrying += 1;
        try {
          await sleep(delay, undefined, { ref: false });
        } finally {
          depthOf(queue).retrying -= 1;
        }
      }
    }
  }

  function deliver(queue: string, raw: string, id: string | null): void {
    const entry = queues.get(queue)!;
    const pick = entry.next++;
    depthOf(queue).ready += 1;
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        depthOf(queue).ready -= 1;
        return run(queue, entry.subs, pick, raw, id);
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  }

  return {
    async publish(events) {
      if (closed) throw busUnavailable('The event bus is closed');
      const deliveries: JournaledDelivery[] = [];
      for (const event of events) {
        // Serialised like on the wire, so consumers never share (or mutate) the producer's object.
        const raw = JSON.stringify(event);
        for (const [queue, entry] of queues) {
          if (entry.subs.length === 0 || ![...entry.patterns].some((p) => topicMatches(p, event.type)))
            continue;
          deliveries.push({ id: journal ? randomUUID() : '', queue, raw });
        }
      }
      // Written down before the publish resolves: only then may the relay drop the events from its outbox.
      if (journal) {
        try {
          await journal.add(deliveries);
        } catch (err) {
          throw busUnavailable(`The event bus journal cannot be written: ${(err as Error).message}`);
        }
      }
      for (const d of deliveries) deliver(d.queue, d.raw, journal ? d.id : null);
    },

    async subscribe(sub) {
      if (closed) throw busUnavailable('The event bus is closed');
      const entry = queues.get(sub.queue) ?? { subs: [], next: 0, patterns: new Set<string>() };
      entry.subs.push(sub);
      for (const type of sub.types) entry.patterns.add(type);
      queues.set(sub.queue, entry);
      // What the journal kept for this queue from the last run goes to its first subscriber, oldest first.
      const waiting = recovered.get(sub.queue);
      recovered.delete(sub.queue);
      for (const d of waiting ?? []) deliver(sub.queue, d.raw, d.id);
    },

    async queueDepth(queue) {
      const entry = queues.get(queue);
      if (!entry || closed) return null;
      const { ready, retrying } = depthOf(queue);
      return {
        ready,
        consumers: entry.subs.length,
        retrying,
        dead: dead.filter((d) => d.queue === queue).length,
      };
    },

    ready: () => !closed,

    // Ready from the start and never disconnected: nothing to announce.
    onReady: () => () => undefined,

    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
      await journal?.close();
    },

    deadLetters: () => [...dead],

    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

// ----------------------------------------------------------------------------------------------------
