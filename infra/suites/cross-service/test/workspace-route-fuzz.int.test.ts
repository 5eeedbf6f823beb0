import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ssoApi, ssoSettingsApi, whiteLabelApi, workspaceApi, type RouteSpec } from '@app/contracts';
import {
  Browser,
  startWorkspacePlatform,
  type Workspace,
  type WorkspacePlatform,
} from './support/workspace-platform.ts';

/*
 * RELIABILITY.md "Input" for issue 18: a property-based fuzz (seeded, bounded) of every workspace route ×
 * every kind of caller produces no 5xx, no hang and no internal detail. The routes come from the contracts
 * (`workspaceApi`, and since issue 19 `ssoSettingsApi` and `ssoApi.start`: a new one is fuzzed without editing
 * this file), with path parameters that are real ids,
 * ids of other records, or junk, and bodies that are arbitrary JSON or the route's own fields holding
 * arbitrary values (operator objects included).
 */

const FUZZ_SEED = 20_261_126;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const HANG_MS = 5000;

type Role =
  'visitor' | 'founder' | 'otherFounder' | 'mentor' | 'programManager' | 'orgAdmin' | 'platformAdmin';
const ROLES: Role[] = [
  'visitor',
  'founder',
  'otherFounder',
  'mentor',
  'programManager',
  'orgAdmin',
  'platformAdmin',
];

/**
 * The body fields a route reads (its strict object's keys; for a union, e.g. the SSO connection of either
 * protocol, every option's keys; a refined object is looked into).
 */
function fieldsOf(route: RouteSpec): string[] {
  const keysOf = (schema: unknown): string[] => {
    const s = schema as { shape?: Record<string, unknown>; options?: unknown[]; def?: { in?: unknown } };
    if (s?.shape) return Object.keys(s.shape);
    if (Array.isArray(s?.options)) return [...new Set(s.options.flatMap(keysOf))];
    return [];
  };
  return keysOf(route.body);
}

// Issue 19: the white-label routes, the organization's SSO settings and "Continue with SSO" too (the
// settings call already carries the white-label fields; the SSO callback, a browser redirect rather than
// JSON, is fuzzed in sso-access-matrix.int.test.ts).
const FUZZED: RouteSpec[] = [
  ...Object.values(workspaceApi),
  ...Object.values(whiteLabelApi),
  ...Object.values(ssoSettingsApi),
  ssoApi.start,
];
const ROUTES = FUZZED.map((route) => ({
  method: route.method,
  path: route.path,
  fields: fieldsOf(route),
  produces: route.path.endsWith('.csv') ? /^text\/csv; charset=utf-8$/ : undefined,
}));
const PARAM = /:(slug|userId|invitationId|programId)\b/g;

let wp: WorkspacePlatform;
let w: Workspace;
/** Ids that exist (the workspace's slug, members, program, a pending invitation), so paths reach real records. */
const knownIds: string[] = [];

function browserOf(role: Role): Browser {
  if (role === 'visitor') return new Browser(wp.platform.base);
  if (role === 'platformAdmin') return wp.administrator;
  return w[role].browser;
}

beforeAll(async () => {
  wp = await startWorkspacePlatform();
  w = await wp.workspace();
  const pending = await wp.invite(w.orgAdmin.browser, w.slug, 'fuzz.invitee@example.com', 'mentor');
  const other = await wp.organization();
  knownIds.push(
    w.slug,
    other.slug,
    w.programId,
    pending.id,
    w.mentor.user.id,
    w.founder.user.id,
    w.otherFounder.user.id,
  );
}, 90_000);

afterAll(async () => {
  await wp?.close();
});

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom('..', '%00', '$ne', '{"$gt":""}', 'null', 'audit.csv', 'x'.repeat(300)),
);
const pathParam = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: junk });
const json = fc.jsonValue({ maxDepth: 4 });
const operatorValue = fc.constantFrom(
  { $ne: null },
  { $gt: '' },
  { $where: 'sleep(5000)' },
  { $regex: '.*' },
);
const fieldValue = fc.oneof(
  json,
  operatorValue,
  junk,
  fc.constantFrom(
    '2027-02-30',
    'orgAdmin',
    'founder',
    'oidc',
    'saml',
    '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
    'http://127.0.0.1:9',
    'x@northgate.test',
    true,
  ),
  // Issue 19: values the white-label fields accept (an https link, an address, a domain) or nearly do.
  fc.constantFrom('https://fuzz.example/x', 'fuzz@example.org', 'ventures.fuzz.example', 'localhost', ''),
);

function bodyFor(fields: readonly string[]) {
  const known = fields.length > 0 ? fields : ['name'];
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: json },
    {
      weight: 5,
      arbitrary: fc
        .uniqueArray(fc.constantFrom(...known, '__proto__', 'constructor', 'slug', 'plan'), {
          maxLength: known.length + 2,
        })
        .chain((keys) => fc.tuple(...keys.map((key) => fieldValue.map((value) => [key, value] as const))))
        .map((entries) => Object.fromEntries(entries)),
    },
  );
}

const call = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    role: fc.constantFrom(...ROLES),
    params: fc.array(pathParam, { minLength: 2, maxLength: 2 }),
    query: fc.option(fc.record({ cursor: junk, limit: junk }, { requiredKeys: [] }), { nil: undefined }),
  })
  .chain((base) => fc.record({ base: fc.constant(base), body: bodyFor(base.route.fields) }));

function fillPath(path: string, params: Array<string | null>, pick: number): string {
  let index = 0;
  return path.replace(PARAM, (_match, name: string) => {
    const param = params[index++] ?? (name === 'slug' ? w.slug : knownIds[(pick + index) % knownIds.length]!);
    // A `.` or `..` segment is resolved by the URL itself (no client can send it to a route): keep it a name.
    return /^\.{1,2}$/.test(param) ? `${param}x` : encodeURIComponent(param);
  });
}

describe('every workspace route × caller, fuzzed (seeded, bounded)', () => {
  it(`answers ${FUZZ_RUNS} arbitrary calls with JSON below 500, each within ${HANG_MS} ms`, async () => {
    const seen = new Map<number, number>();
    let pick = 0;
    await fc.assert(
      fc.asyncProperty(call, async ({ base, body }) => {
        const { query } = base;
        pick += 1;
        const search = query ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
        const path = fillPath(base.route.path, base.params, pick) + search;
        const sent = base.route.method === 'GET' ? undefined : body;
        const reply = await browserOf(base.role).call(base.route.method, path, sent, HANG_MS);
        seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
        expect([path, reply.status < 500]).toEqual([path, true]);
        const produces =
          base.route.produces && reply.status === 200 ? base.route.produces : /^application\/json/;
        expect(reply.headers.get('content-type')).toMatch(produces);
        expect(JSON.stringify(reply.body)).not.toMatch(
          /\bat .+\.(ts|js):\d+|MongoServerError|CastError|ECONNREFUSED/,
        );
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    // The fuzz reached past validation: successes and refusals both occurred.
    const statuses = [...seen.keys()];
    expect(statuses.some((status) => status < 300)).toBe(true);
    expect(statuses.some((status) => status >= 400)).toBe(true);
  }, 240_000);

  it('after the fuzz the organization still has an org admin (the last one can be neither demoted nor removed)', async () => {
    const members = await wp.administrator.call('GET', `/api/orgs/${w.slug}/members`);
    expect(members.status).toBe(200);
    expect(members.body.filter((m: { role: string }) => m.role === 'orgAdmin').length).toBeGreaterThan(0);
  });
});
