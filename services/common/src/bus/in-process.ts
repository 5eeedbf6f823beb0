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

/**
 * One line of the journal: a queue and the event types bound to it (written when it is subscribed to), a
 * delivery to a queue taken on, or finished with (handled or given up).
 */
type JournalLine =
  | { op: 'queue'; queue: string; types: string[] }
  | { op: 'add'; id: string; queue: string; raw: string }
  | { op: 'done'; id: string };

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
  return parseJournal(file).deliveries;
}

function parseJournal(file: string): {
  deliveries: JournaledDelivery[];
  queues: Map<string, Set<string>>;
} {
  const queues = new Map<string, Set<string>>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { deliveries: [], queues };
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
    if (entry.op === 'queue') {
      const types = queues.get(entry.queue) ?? new Set<string>();
      for (const type of entry.types) types.add(type);
      queues.set(entry.queue, types);
    } else if (entry.op === 'add')
      pending.set(entry.id, { id: entry.id, queue: entry.queue, raw: entry.raw });
    else pending.delete(entry.id);
  }
  return { deliveries: [...pending.values()], queues };
}

/**
 * The append-only file behind a journaled in-process bus: rewritten at open with only what is pending,
 * then appended to, one write at a time (each line whole, in order). Written to the kernel before a
 * publish resolves, so a killed process (SIGKILL) loses nothing the outbox relay removed; an operating
 * system crash may lose the last writes (no fsync per event: the bus is for local runs).
 */
function openJournal(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const { deliveries: recovered, queues } = parseJournal(file);
  const queueLines = () =>
    [...queues].map(([queue, types]) => ({ op: 'queue', queue, types: [...types] }) satisfies JournalLine);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(
    temp,
    [...queueLines(), ...recovered.map((d) => ({ op: 'add', ...d }) satisfies JournalLine)]
      .map((e) => `${JSON.stringify(e)}\n`)
      .join(''),
  );
  renameSync(temp, file);
  let handle: Promise<FileHandle> | null = open(file, 'a');
  let tail: Promise<void> = Promise.resolve();
  let lines = recovered.length + queues.size;
  let pending = recovered.length;
  const append = (entries: JournalLine[], compact: boolean): Promise<void> => {
    const text = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
    const step = tail.then(async () => {
      if (!handle) throw new Error('The event bus journal is closed');
      const fh = await handle;
      if (compact && pending === 0 && lines >= JOURNAL_COMPACT_LINES) {
        // Nothing pending: only the queues are worth keeping.
        await fh.truncate(0);
        const kept = queueLines();
        await fh.write(kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
        lines = kept.length;
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
    /** The queues subscribed to in earlier runs, and their event types. */
    queues: queues as ReadonlyMap<string, ReadonlySet<string>>,
    /** Records a queue's event types (those not recorded yet). */
    bind(queue: string, types: readonly string[]): Promise<void> {
      const known = queues.get(queue) ?? new Set<string>();
      const added = types.filter((t) => !known.has(t));
      if (added.length === 0) return Promise.resolve();
      for (const type of added) known.add(type);
      queues.set(queue, known);
      return append([{ op: 'queue', queue, types: added }], false);
    },
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
 * or stopped while it waited for a retry) is delivered again when its queue is next subscribed to. The
 * journal also remembers each queue's event types, so events published at the next start before that
 * queue's consumer subscribed (services start one after the other) wait for it, as in a durable queue.
 * So a consumer may see an event twice after a crash, and absorbs it by event id as on RabbitMQ.
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
      const waiting: JournaledDelivery[] = [];
      for (const event of events) {
        // Serialised like on the wire, so consumers never share (or mutate) the producer's object.
        const raw = JSON.stringify(event);
        for (const [queue, entry] of queues) {
          if (entry.subs.length === 0 || ![...entry.patterns].some((p) => topicMatches(p, event.type)))
            continue;
          deliveries.push({ id: journal ? randomUUID() : '', queue, raw });
        }
        // A queue an earlier run subscribed to, whose consumer has not subscribed yet in this one (services
        // start one after the other): its events wait for it, as in a durable RabbitMQ queue.
        for (const [queue, types] of journal?.queues ?? []) {
          if (queues.get(queue)?.subs.length || ![...types].some((p) => topicMatches(p, event.type)))
            continue;
          waiting.push({ id: randomUUID(), queue, raw });
        }
      }
      // Written down before the publish resolves: only then may the relay drop the events from its outbox.
      if (journal) {
        try {
          await journal.add([...deliveries, ...waiting]);
        } catch (err) {
          throw busUnavailable(`The event bus journal cannot be written: ${(err as Error).message}`);
        }
      }
      for (const d of deliveries) deliver(d.queue, d.raw, journal ? d.id : null);
      for (const d of waiting) {
        const list = recovered.get(d.queue) ?? [];
        list.push(d);
        recovered.set(d.queue, list);
      }
    },

    async subscribe(sub) {
      if (closed) throw busUnavailable('The event bus is closed');
      const entry = queues.get(sub.queue) ?? { subs: [], next: 0, patterns: new Set<string>() };
      entry.subs.push(sub);
      for (const type of sub.types) entry.patterns.add(type);
      queues.set(sub.queue, entry);
      // Remembered for the next start, so that events published before this queue's consumer subscribes
      // again wait for it.
      await journal?.bind(sub.queue, sub.types).catch((err: unknown) => {
        log.warn({ err, queue: sub.queue }, 'could not record the queue in the journal');
      });
      // What the journal kept for this queue from the last run goes to its first subscriber, oldest first.
      const waiting = recovered.get(sub.queue);
      recovered.delete(sub.queue);
      for (const d of waiting ?? []) {
        const type = (JSON.parse(d.raw) as { type?: string }).type ?? '';
        if ([...entry.patterns].some((p) => topicMatches(p, type))) deliver(sub.queue, d.raw, d.id);
        // A type this queue no longer takes: finished with.
        else void journal?.done(d.id).catch(() => undefined);
      }
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
