// The in-process bus of the all-in-one runner without AMQP_URL: the same contract (topic patterns, one
// delivery per queue, tries with growing delays, dead letters kept in memory) without a broker.
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
 * The same contract in memory: delivery is asynchronous, one subscription per queue name (a second
 * `subscribe` on a queue adds a competing handler, as with RabbitMQ), failed handlers are retried with
 * the subscription's delays and finally kept in a dead list. Events are lost when the process stops,
 * which is why it is for local all-in-one runs only.
 */
export function createInProcessBus(opts: { logger: Logger }): InProcessEventBus {
  const log = opts.logger.child({ component: 'event-bus', bus: 'in-process' });
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

  async function run(queue: string, subs: SubscribeOptions[], pick: number, raw: string): Promise<void> {
    let event: EventEnvelope;
    try {
      event = parseEvent(JSON.parse(raw));
    } catch (err) {
      log.error({ err, queue }, 'invalid event dropped');
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      const sub = subs[(pick + attempt - 1) % subs.length]!;
      try {
        await sub.handler(event, {
          redelivered: attempt > 1,
          headers: attempt > 1 ? { [ATTEMPT_HEADER]: attempt } : {},
          attempt,
        });
        return;
      } catch (err) {
        const context = { err, queue, eventId: event.id, type: event.type, attempt };
        if (closed || gaveUp(err) || attempt >= (sub.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
          log.error(context, 'event handler gave up; kept in the dead list');
          dead.push({
            queue,
            event,
            error: String((err as Error)?.message ?? err),
            at: new Date().toISOString(),
          });
          if (dead.length > 1000) dead.shift();
          return;
        }
        // No broker to hold it: the retry waits on a timer here (lost if the process stops).
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

  return {
    async publish(events) {
      if (closed) throw busUnavailable('The event bus is closed');
      for (const event of events) {
        // Serialised like on the wire, so consumers never share (or mutate) the producer's object.
        const raw = JSON.stringify(event);
        for (const [queue, entry] of queues) {
          if (entry.subs.length === 0 || ![...entry.patterns].some((p) => topicMatches(p, event.type)))
            continue;
          const pick = entry.next++;
          depthOf(queue).ready += 1;
          const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
            .then(() => {
              depthOf(queue).ready -= 1;
              return run(queue, entry.subs, pick, raw);
            })
            .finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
      }
    },

    async subscribe(sub) {
      if (closed) throw busUnavailable('The event bus is closed');
      const entry = queues.get(sub.queue) ?? { subs: [], next: 0, patterns: new Set<string>() };
      entry.subs.push(sub);
      for (const type of sub.types) entry.patterns.add(type);
      queues.set(sub.queue, entry);
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
    },

    deadLetters: () => [...dead],

    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

// ----------------------------------------------------------------------------------------------------
