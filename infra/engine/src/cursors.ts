/**
 * Server-side cursors. A query's results are materialised when the cursor opens
 * (a point-in-time view of each document) and handed out in batches. Ids are
 * int64 (bson Long) as the driver expects; idle cursors expire after 10 minutes.
 */
import { calculateObjectSize, Long } from 'bson';
import { randomInt } from 'node:crypto';
import { err } from './errors.ts';
import type { Doc } from './storage/values.ts';

export const DEFAULT_FIRST_BATCH = 101;
export const CURSOR_IDLE_TIMEOUT_MS = 10 * 60 * 1000;
/** Keeps a batch reply below the 16 MiB BSON limit with room for the envelope. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;

interface OpenCursor {
  id: Long;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export interface CursorReply {
  id: Long;
  ns: string;
  batch: Doc[];
}

export class CursorManager {
  readonly #cursors = new Map<string, OpenCursor>();
  readonly #timer: NodeJS.Timeout;
  readonly #idleTimeoutMs: number;

  constructor(idleTimeoutMs = CURSOR_IDLE_TIMEOUT_MS) {
    this.#idleTimeoutMs = idleTimeoutMs;
    this.#timer = setInterval(() => this.sweep(), Math.min(60_000, idleTimeoutMs)).unref();
  }

  get size(): number {
    return this.#cursors.size;
  }

  /**
   * Returns the first batch (`firstBatchSize` documents at most; 0 opens the cursor
   * with an empty batch); keeps a cursor open if more documents remain.
   */
  open(ns: string, docs: Doc[], firstBatchSize = DEFAULT_FIRST_BATCH, singleBatch = false): CursorReply {
    const cursor: OpenCursor = { id: Long.ZERO, ns, docs, pos: 0, lastUsed: Date.now() };
    const batch = takeBatch(cursor, firstBatchSize);
    if (cursor.pos < docs.length && !singleBatch) {
      let key: string;
      do {
        cursor.id = Long.fromNumber(randomInt(1, 2 ** 47));
        key = cursor.id.toString();
      } while (this.#cursors.has(key));
      this.#cursors.set(key, cursor);
    }
    return { id: cursor.id, ns, batch };
  }

  getMore(id: Long, ns: string, batchSize: number | undefined): CursorReply {
    const key = id.toString();
    const cursor = this.#cursors.get(key);
    if (!cursor) throw err('CursorNotFound', `cursor id ${key} not found`);
    if (cursor.ns !== ns) {
      throw err(
        'Unauthorized',
        `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${cursor.ns}`,
      );
    }
    cursor.lastUsed = Date.now();
    const batch = takeBatch(cursor, batchSize || Infinity);
    if (cursor.pos >= cursor.docs.length) {
      this.#cursors.delete(key);
      return { id: Long.ZERO, ns, batch };
    }
    return { id: cursor.id, ns, batch };
  }

  /** Kills the given ids; returns which were killed and which were unknown. */
  kill(ids: Long[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) (this.#cursors.delete(id.toString()) ? killed : notFound).push(id);
    return { killed, notFound };
  }

  sweep(now = Date.now()): void {
    for (const [key, c] of this.#cursors)
      if (now - c.lastUsed > this.#idleTimeoutMs) this.#cursors.delete(key);
  }

  close(): void {
    clearInterval(this.#timer);
    this.#cursors.clear();
  }
}

function takeBatch(cursor: OpenCursor, max: number): Doc[] {
  const batch: Doc[] = [];
  let bytes = 0;
  while (cursor.pos < cursor.docs.length && batch.length < max) {
    const doc = cursor.docs[cursor.pos]!;
    bytes += calculateObjectSize(doc);
    if (batch.length > 0 && bytes > MAX_BATCH_BYTES) break;
    batch.push(doc);
    cursor.pos++;
  }
  return batch;
}
