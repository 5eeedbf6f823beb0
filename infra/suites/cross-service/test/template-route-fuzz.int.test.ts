import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { orgTemplateApi, type OrgTemplateTask } from '@app/contracts';
import { Browser } from './support/admin-platform.ts';
import { startCohortPlatform, type Cohort, type CohortPlatform } from './support/cohort-platform.ts';

/*
 * Issue 18, RELIABILITY.md "Input": every organization template route (`orgTemplateApi`, so a new one is
 * fuzzed without editing this file) × every organization role, through the real gateway, with path
 * parameters that are the cohort's real slug, ids and versions, another cohort's, or junk, and bodies that
 * are arbitrary JSON, the route's own fields holding arbitrary values (operator objects included), or the
 * draft with one task's field replaced. No 5xx, no hang, JSON errors without internals.
 */

const FUZZ_SEED = 20_261_127;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const HANG_MS = 5000;

type Caller = 'visitor' | 'founder' | 'mentor' | 'programManager' | 'orgAdmin' | 'platformAdmin';
const CALLERS: Caller[] = ['visitor', 'founder', 'mentor', 'programManager', 'orgAdmin', 'platformAdmin'];

/** The body fields the template routes read (saveDraft, applyVentureUpdate); each route gets all of them. */
const FIELDS = ['tasks', 'toVersion'];
const ROUTES = Object.values(orgTemplateApi).map((route) => ({ method: route.method, path: route.path }));
const TASK_FIELDS = ['key', 'taskId', 'category', 'title', 'description', 'hidden', 'guide'] as const;

let cp: CohortPlatform;
let cohort: Cohort;
let other: Cohort;
let draft: OrgTemplateTask[];
const known: Record<string, string[]> = { slug: [], id: [], taskId: ['1', '50'], version: ['1', '2'] };

beforeAll(async () => {
  cp = await startCohortPlatform();
  [cohort, other] = [await cp.cohort(), await cp.cohort()];
  for (const c of [cohort, other]) {
    known.slug!.push(c.slug);
    known.id!.push(c.ventureId);
  }
  const template = await cohort.orgAdmin.browser.call('GET', `/api/org-templates/${cohort.slug}`);
  draft = template.body.draft as OrgTemplateTask[];
  // A published version and a pinned program, so the version and update routes have something to find.
  const tasks = draft.map((task) => (task.key === 'master-2' ? { ...task, hidden: true } : task));
  await cohort.orgAdmin.browser.call('PUT', `/api/org-templates/${cohort.slug}/draft`, { tasks });
  await cohort.orgAdmin.browser.call('POST', `/api/org-templates/${cohort.slug}/versions`);
  await cp.pinTemplate(cohort, 1);
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
  fc.integer({ min: -1_000_000, max: 2_000_000_000 }).map(String),
  fc.constantFrom('%00', '$ne', '{"$gt":""}', 'null', 'x'.repeat(300), '0', '999999999'),
);
const pathParam = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: junk });
const json = fc.jsonValue({ maxDepth: 4 });
const operator = fc.constantFrom({ $ne: null }, { $gt: '' }, { $where: 'sleep(5000)' }, { $regex: '.*' });
const fieldValue = fc.oneof(json, junk, operator, fc.integer({ min: -5, max: 5 }));
/** The real draft with one task's field replaced by something arbitrary (deep validation paths). */
const mutatedDraft = fc
  .record({ index: fc.nat(60), field: fc.constantFrom(...TASK_FIELDS), value: fieldValue })
  .map(({ index, field, value }) => ({
    tasks: draft.map((task, at) => (at === index % draft.length ? { ...task, [field]: value } : task)),
  }));

const call = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    caller: fc.constantFrom(...CALLERS),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
    pick: fc.nat(100),
  })
  .chain((base) =>
    fc.record({
      base: fc.constant(base),
      body: fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: json },
        { weight: 2, arbitrary: mutatedDraft },
        {
          weight: 3,
          arbitrary: fc
            .uniqueArray(fc.constantFrom(...FIELDS, '__proto__', 'isAdmin'), { maxLength: 3 })
            .chain((keys) => fc.tuple(...keys.map((key) => fieldValue.map((value) => [key, value] as const))))
            .map((entries) => Object.fromEntries(entries)),
        },
      ),
    }),
  );

function fillPath(path: string, params: Array<string | null>, pick: number): string {
  let index = 0;
  return path.replace(/:(slug|id|taskId|version)\b/g, (_match, name: string) => {
    const pool = known[name]!;
    const param = params[index++] ?? pool[(pick + index) % pool.length]!;
    return /^\.{1,2}$/.test(param) ? `${param}x` : encodeURIComponent(param);
  });
}

describe('every organization template route × organization role, fuzzed (seeded, bounded)', () => {
  it(`answers ${FUZZ_RUNS} arbitrary calls below 500, as JSON, each within ${HANG_MS} ms`, async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(call, async ({ base, body }) => {
        const path = fillPath(base.route.path, base.params, base.pick);
        const sent = base.route.method === 'GET' ? undefined : body;
        const reply = await browserOf(base.caller).call(base.route.method, path, sent, HANG_MS);
        seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
        expect(reply.status).toBeLessThan(500);
        expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
        expect(JSON.stringify(reply.body)).not.toMatch(/\bat .+\.(ts|js):\d+|MongoServerError|ECONNREFUSED/);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    const statuses = [...seen.keys()];
    expect(statuses.some((status) => status < 300)).toBe(true);
    expect(statuses.some((status) => status >= 400)).toBe(true);
  }, 240_000);
});
