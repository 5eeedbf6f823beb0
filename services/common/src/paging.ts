import { INVALID_CURSOR_CODE, INVALID_CURSOR_MESSAGE } from '@app/contracts';
import mongoose from 'mongoose';
import { z } from 'zod';
import { AppError } from './errors.ts';

/*
 * Cursor pages of long lists (issue 18), one way in every service: rows are ordered newest first by
 * `createdAt` then `_id` (both descending; `_id` is unique, so the order is total and stable), and a page's
 * `nextCursor` names the last row it holds. The next page is the rows strictly after that row in this order,
 * so rows inserted or deleted between two calls never shift a page: nothing is shown twice or skipped
 * (rows created after the first page are newer, so they sit before it and appear on the next first page).
 * Each list declares the index `{ createdAt: -1, _id: -1 }` this order reads.
 */

/** The sort key of a row: where a page ends. */
export interface PageKey {
  createdAt: Date;
  /** 24 hex digits. */
  id: string;
}

/** What a paged list answers (`cursorPageSchema` of `@app/contracts`). */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** The sort of every paged list: newest first, ties broken by id. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

const CURSOR_VERSION = 1;
// `at` as milliseconds since 1970: a Date's range is ±8.64e15.
const cursorSchema = z.strictObject({
  v: z.literal(CURSOR_VERSION),
  at: z.number().int().min(0).max(8.64e15),
  id: z.string().regex(/^[0-9a-f]{24}$/),
});
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function invalidCursor(): AppError {
  return AppError.badRequest(INVALID_CURSOR_MESSAGE, undefined, INVALID_CURSOR_CODE);
}

/**
 * The opaque text a client passes back for the next page. It is not secret and not signed: it only says
 * where a page ended, and a cursor altered into another valid one only moves where the next page starts.
 */
export function encodeCursor(key: PageKey): string {
  const payload = { v: CURSOR_VERSION, at: key.createdAt.getTime(), id: key.id.toLowerCase() };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The position a cursor names; anything this service did not issue is 400 `PAGE.INVALID_CURSOR`. */
export function decodeCursor(cursor: string): PageKey {
  // Buffer.from skips characters outside the alphabet silently, so they are refused first.
  if (!BASE64URL.test(cursor)) throw invalidCursor();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(payload);
  if (!parsed.success) throw invalidCursor();
  return { createdAt: new Date(parsed.data.at), id: parsed.data.id };
}

/** The filter of the rows after `cursor` in `NEWEST_FIRST` order (none: from the start). */
export function afterCursor(cursor: string | undefined): Record<string, unknown> {
  if (cursor === undefined || cursor === '') return {};
  const { createdAt, id } = decodeCursor(cursor);
  const _id = new mongoose.Types.ObjectId(id);
  return {
    $or: [
      { createdAt: mongoose.trusted({ $lt: createdAt }) },
      { createdAt, _id: mongoose.trusted({ $lt: _id }) },
    ],
  };
}

/** At most this many words of a search are used (each must match). */
const MAX_SEARCH_WORDS = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The filter of a search: every word of `q` appears, ignoring case, in at least one of `fields` (so "ada
 * lovelace" finds Ada by her first and last name). Words are matched as text, never as patterns. Such a
 * search reads every row of the list in order (no index serves an unanchored, case-blind match); the
 * dashboard's lists are searched by an administrator, not on every page view.
 */
export function searchFilter(q: string | undefined, fields: readonly string[]): Record<string, unknown> {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0 || fields.length === 0) return {};
  return {
    $and: words.map((word) => ({
      $or: fields.map((field) => ({ [field]: new RegExp(escapeRegExp(word), 'i') })),
    })),
  };
}

/** All the conditions of one page's query, ANDed (each may be `{}`). */
export function pageFilter(...conditions: Record<string, unknown>[]): Record<string, unknown> {
  const kept = conditions.filter((condition) => Object.keys(condition).length > 0);
  if (kept.length === 0) return {};
  if (kept.length === 1) return kept[0]!;
  return { $and: kept };
}

/**
 * The page from rows read with `limit + 1` (one more than the page holds, so the last page is known without
 * another read and answers `nextCursor: null`).
 */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => PageKey): CursorPage<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
