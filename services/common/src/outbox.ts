import mongoose from 'mongoose';
import type { EventBus } from './bus.ts';
import type { EventEnvelope } from './events.ts';
import type { Logger } from './logger.ts';
import { outboxPublished, outboxRelayFailures, reportOutbox } from './metrics.ts';

/*
 * The outbox pattern (DESIGN.md "Events"): a state change and its event are written in the SAME
 * single-document write, e.g.
 *
 *   Venture.updateOne({ _id, 'tasks._id': taskId }, { $set: { 'tasks.$.status': to }, $push: { outbox: event } })
 *   Venture.updateOne({ _id }, { $set: { deletedAt: new Date() }, $push: { outbox: event } })   // deletion
 *
 * which is atomic on a standalone MongoDB without transactions. The relay publishes pending events and
 * removes them only after the broker confirmed them, so nothing is lost while the broker is down or a
 * service restarts; an event may be published twice (a crash between confirm and removal, or two
 * replicas relaying the same document), and consumers absorb duplicates by event id.
 */

const outboxEventSchema = new mongoose.Schema(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    occurredAt: { type: String, required: true },
    correlationId: { type: String, required: true },
    producer: { type: String, required: true },
    data: { type: mongoose.Schema.Types.Mixed, required: true },
  },
  { _id: false, minimize: false },
);

/** Path of the oldest pending event of a document (events are pushed in order). */
const OLDEST_PENDING = 'outbox.0.occurredAt';

/**
 * Adds `outbox` (pending events, default []) and `deletedAt` (soft deletion until the deletion's event is
 * published, default null) to a schema, with the indexes the relay needs. Queries for live documents
 * include `notDeleted`.
 */
export function outboxPlugin(schema: mongoose.Schema): void {
  schema.add({
    outbox: { type: [outboxEventSchema], default: [] },
    deletedAt: { type: Date, default: null },
  });
  // Only documents with a pending event have an `outbox.0`: the sparse index holds just those, oldest first.
  schema.index({ [OLDEST_PENDING]: 1 }, { sparse: true });
  schema.index({ deletedAt: 1 });
}

/** Include in every query for live documents: a document marked deleted waits only for its event. */
export const notDeleted = { deletedAt: null } as const;

export interface OutboxStats {
  /** Documents holding at least one unpublished event. */
  pending: number;
  /** Age of the oldest unpublished event, or null when there is none. */
  oldestAgeMs: number | null;
}

export interface OutboxRelay {
  /** Runs a pass now (services call it right after a write); coalesced with a running pass. */
  nudge(): void;
  /** Stops polling and waits for an in-flight pass. */
  stop(): Promise<void>;
  stats(): Promise<OutboxStats>;
}

// The relay works on every service's models, whatever their document type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModel = mongoose.Model<any>;

export interface OutboxRelayOptions {
  models: AnyModel[];
  bus: EventBus;
  logger: Logger;
  /** Between passes when idle (default 1000 ms). */
  pollIntervalMs?: number;
  /** Documents per model per pass (default 100). */
  batchSize?: number;
  /** Upper bound of the backoff while the bus or the database fails (default 30 s). */
  maxBackoffMs?: number;
}

interface PendingDocument {
  _id: unknown;
  outbox?: EventEnvelope[];
  deletedAt?: Date | null;
}

const hasPending = () => ({ [OLDEST_PENDING]: mongoose.trusted({ $exists: true }) });
const deletedAndDrained = () => ({
  deletedAt: mongoose.trusted({ $ne: null }),
  'outbox.0': mongoose.trusted({ $exists: false }),
});

/** Removes documents marked deleted whose events are all out (e.g. after a crash between the two steps). */
const SWEEP_EVERY_MS = 5 * 60_000;

function envelope(event: EventEnvelope): EventEnvelope {
  const { id, type, occurredAt, correlationId, producer, data } = event;
  return { id, type, occurredAt, correlationId, producer, data } as EventEnvelope;
}

export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { models, bus } = opts;
  const log = opts.logger.child({ component: 'outbox-relay' });
  const pollIntervalMs = opts.pollIntervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 100;
  const maxBackoffMs = opts.maxBackoffMs ?? 30_000;

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let lastSweep = 0;
  const modelNames = models.map((m) => m.modelName).join(',');

  /** Publishes one document's events, then pulls exactly those (and removes it if deleted and drained). */
  async function relayDocument(model: AnyModel, doc: PendingDocument): Promise<void> {
    const events = (doc.outbox ?? []).map(envelope);
    if (events.length > 0) {
      await bus.publish(events);
      await model.updateOne(
        { _id: doc._id },
        { $pull: { outbox: { id: { $in: events.map((e) => e.id) } } } },
      );
      outboxPublished.inc({ model: model.modelName }, events.length);
      log.debug({ model: model.modelName, count: events.length }, 'events published');
    }
    if (doc.deletedAt) await model.deleteOne({ _id: doc._id, ...deletedAndDrained() });
  }

  /** One pass over every model; resolves true when a batch was full (more work waiting). */
  async function pass(): Promise<boolean> {
    let more = false;
    const errors: unknown[] = [];
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      for (const model of models) await model.deleteMany(deletedAndDrained());
      lastSweep = Date.now();
    }
    for (const model of models) {
      const docs = await model
        .find(hasPending(), { outbox: 1, deletedAt: 1 })
        .sort({ [OLDEST_PENDING]: 1 })
        .limit(batchSize)
        .lean<PendingDocument[]>();
      if (docs.length === batchSize) more = true;
      // Every document's events go out at once on the confirm channel: many messages in flight.
      const results = await Promise.allSettled(docs.map((doc) => relayDocument(model, doc)));
      for (const result of results) if (result.status === 'rejected') errors.push(result.reason);
    }
    if (errors.length > 0) throw errors[0];
    return more;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, delayMs);
    timer.unref();
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    again = false;
    const attempt = (async (): Promise<number> => {
      try {
        if (!bus.ready()) throw new Error('event bus not connected');
        const more = await pass();
        if (failures > 0) log.info({ failedPasses: failures }, 'outbox relay recovered');
        failures = 0;
        return more || again ? 0 : pollIntervalMs;
      } catch (err) {
        outboxRelayFailures.inc({ model: modelNames });
        // One warning per outage; the retries that follow stay quiet.
        if (failures === 0) log.warn({ err }, 'outbox relay cannot publish; events stay in the outbox');
        failures += 1;
        const ceiling = Math.min(maxBackoffMs, pollIntervalMs * 2 ** Math.min(failures - 1, 10));
        return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
      }
    })();
    // Cleared in a continuation, never synchronously: the attempt may settle before this assignment
    // (a failure before its first await), and `running` must not outlive it.
    running = attempt.then((next) => {
      running = null;
      schedule(next);
    });
  }

  // The broker is back: publish what waited now rather than at the end of the current backoff.
  const stopListening = bus.onReady(() => {
    failures = 0;
    run();
  });

  run();

  const relay: OutboxRelay = {
    nudge() {
      // While failing, a write must not turn into a retry storm: the backoff timer decides.
      if (failures === 0) run();
    },
    async stop() {
      stopped = true;
      stopListening();
      stopReporting();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    async stats() {
      let pending = 0;
      let oldest: number | null = null;
      for (const model of models) {
        pending += await model.countDocuments(hasPending());
        const first = await model
          .findOne(hasPending(), { [OLDEST_PENDING]: 1 })
          .sort({ [OLDEST_PENDING]: 1 })
          .lean<{ outbox?: Array<{ occurredAt: string }> }>();
        const at = first?.outbox?.[0]?.occurredAt;
        if (at) oldest = Math.min(oldest ?? Number.POSITIVE_INFINITY, Date.parse(at));
      }
      return { pending, oldestAgeMs: oldest === null ? null : Math.max(0, Date.now() - oldest) };
    },
  };
  // The backlog and the age of its oldest event, read at scrape time (metrics.ts).
  const stopReporting = reportOutbox(modelNames, () => relay.stats());
  return relay;
}
