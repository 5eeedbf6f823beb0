import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { cohortApi } from '@app/contracts';
import { Browser } from './support/admin-platform.ts';
import { startCohortPlatform, type Cohort, type CohortPlatform } from './support/cohort-platform.ts';

/*
 * Issue 18, RELIABILITY.md "Input": every cohort route (`cohortApi`, so a new one is fuzzed without editing
 * this file) × every organization role, through the real gateway, with path parameters that are the
 * cohort's real ids, another cohort's, or junk, and bodies that are arbitrary JSON or the route's own
 * fields holding arbitrary values (operator objects included). No 5xx, no hang, JSON errors without
 * internals; the CSV is text/csv only when it succeeds.
 */

const FUZZ_SEED = 20_261_126;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const HANG_MS = 5000;

type Caller = 'visitor' | 'founder' | 'mentor' | 'programManager' | 'orgAdmin' | 'platformAdmin';
const CALLERS: Caller[] = ['visitor', 'founder', 'mentor', 'programManager', 'orgAdmin', 'platformAdmin'];

/** The body fields the cohort routes read (setEnrolment, setMentors); each route gets all of them. */
const FIELDS = ['ventureId', 'visibility', 'mentorIds'];
const ROUTES = Object.values(cohortApi).map((route) => ({
  method: route.method,
  path: route.path,
  fields: FIELDS,
}));

let cp: CohortPlatform;
let cohort: Cohort;
let other: Cohort;
const knownIds: string[] = [];

beforeAll(async () => {
  cp = await startCohortPlatform();
  [cohort, other] = [await cp.cohort(), await cp.cohort()];
  for (const c of [cohort, other])
    knownIds.push(c.programId, c.ventureId, c.doneTaskId, c.todoTaskId, c.mentor.user.id);
}, 60_000);

afterAll(async () => {
  await cp?.close();
});

function browserOf(caller: Caller): Browser {
  if (caller === 'visitor') return new Browser(cp.platform.base);
  if (caller === 'platformAdmin') return cp.administrator;
  return cohort[caller].browser;
}

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom('%00', '$ne', '{"$gt":""}', 'null', 'x'.repeat(300), 'export.csv'),
);
const pathParam = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: junk });
const json = fc.jsonValue({ maxDepth: 4 });
const fieldValue = fc.oneof(
  json,
  junk,
  fc.constantFrom({ $ne: null }, { $gt: '' }, { $where: 'sleep(5000)' }, 'full', 'progress'),
  fc.array(fc.oneof(junk, fc.constantFrom(...['mentor'])), { maxLength: 12 }),
);

const call = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    caller: fc.constantFrom(...CALLERS),
    params: fc.array(pathParam, { minLength: 2, maxLength: 2 }),
    pick: fc.nat(100),
  })
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      body: fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: json },
        {
          weight: 4,
          arbitrary: fc
            .uniqueArray(fc.constantFrom(...base.route.fields, '__proto__', 'isAdmin'), { maxLength: 4 })
            .chain((keys) => fc.tuple(...keys.map((key) => fieldValue.map((value) => [key, value] as const))))
            .map((entries) => Object.fromEntries(entries)),
        },
      ),
    }),
  );

function fillPath(path: string, params: Array<string | null>, pick: number): string {
  let index = 0;
  return path.replace(/:(id|ventureId)\b/g, () => {
    const param = params[index++] ?? knownIds[(pick + index) % knownIds.length]!;
    return /^\.{1,2}$/.test(param) ? `${param}x` : encodeURIComponent(param);
  });
}

describe('every cohort route × organization role, fuzzed (seeded, bounded)', () => {
  it(`answers ${FUZZ_RUNS} arbitrary calls below 500, as JSON (the CSV as text/csv), each within ${HANG_MS} ms`, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(call, async ({ base, body }) => {
        const path = fillPath(base.route.path, base.params, base.pick);
        const sent = base.route.method === 'GET' ? undefined : body;
        const reply = await browserOf(base.caller).call(base.route.method, path, sent, HANG_MS);
        seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
        expect(reply.status).toBeLessThan(500);
        const csv = base.route.path.endsWith('export.csv') && reply.status === 200;
        expect(reply.headers.get('content-type')).toMatch(csv ? /^text\/csv/ : /^application\/json/);
        expect(JSON.stringify(reply.body)).not.toMatch(/\bat .+\.(ts|js):\d+|MongoServerError|ECONNREFUSED/);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    const statuses = [...seen.keys()];
    expect(statuses.some((status) => status < 300)).toBe(true);
    expect(statuses.some((status) => status >= 400)).toBe(true);
  }, 240_000);
});
