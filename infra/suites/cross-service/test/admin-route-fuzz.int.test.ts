import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ADMIN_ROUTES } from '@app/admin';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  startPlatform,
  type Platform,
} from './support/admin-platform.ts';

/*
 * RELIABILITY.md "Input": a property-based fuzz of every route × role (seeded, bounded) produces no 5xx
 * and no hang. Every public API route of every service, and every admin route from the admin service's
 * own table (a new admin route is fuzzed without editing this file), is called through the real gateway
 * as a visitor, a founder and an administrator, with path parameters that are real ids, foreign ids or
 * junk, and bodies that are arbitrary JSON or the route's own field names holding arbitrary values.
 */

const FUZZ_SEED = 20_261_123;
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 400);
/** A request slower than this counts as a hang. */
const HANG_MS = 5000;

/** Every API route the services serve (spec §7), with the body fields each one reads. */
const SERVICE_ROUTES: ReadonlyArray<{
  method: string;
  path: string;
  fields?: readonly string[];
  /** What a success answers when it is not JSON (a download); errors are JSON all the same. */
  produces?: RegExp;
}> = [
  { method: 'GET', path: '/api/user' },
  { method: 'GET', path: '/api/session' },
  { method: 'POST', path: '/api/login', fields: ['username', 'password', 'rememberMe'] },
  { method: 'POST', path: '/api/register', fields: ['username', 'password', 'language'] },
  { method: 'POST', path: '/api/logout' },
  {
    method: 'PATCH',
    path: '/api/user/profile',
    fields: ['firstName', 'lastName', 'jobTitle', 'department', 'phoneNumber'],
  },
  { method: 'POST', path: '/api/user/change-password', fields: ['currentPassword', 'newPassword'] },
  { method: 'DELETE', path: '/api/user/account', fields: ['password'] },
  { method: 'POST', path: '/api/forgot-password', fields: ['username'] },
  { method: 'POST', path: '/api/reset-password', fields: ['token', 'password'] },
  { method: 'GET', path: '/api/ventures' },
  { method: 'POST', path: '/api/ventures', fields: ['name', 'blurb', 'timeZone'] },
  { method: 'GET', path: '/api/ventures/:id' },
  { method: 'PATCH', path: '/api/ventures/:id', fields: ['name', 'blurb', 'timeZone', 'targetLaunchDate'] },
  { method: 'DELETE', path: '/api/ventures/:id' },
  { method: 'PATCH', path: '/api/venture-tasks/:id', fields: ['status'] },
  { method: 'GET', path: '/api/task-guides' },
  { method: 'GET', path: '/api/task-guides/:id' },
  { method: 'GET', path: '/api/organizations/by-slug/:slug' },
  { method: 'POST', path: '/api/organizations/:slug/register', fields: ['username', 'password'] },
  { method: 'POST', path: '/api/contact', fields: ['name', 'email', 'subject', 'message'] },
  // Issue 16: founding teams (venture service) and e-mail preferences (auth service).
  { method: 'GET', path: '/api/ventures/:id/members' },
  { method: 'PATCH', path: '/api/ventures/:id/members/:userId', fields: ['role'] },
  { method: 'DELETE', path: '/api/ventures/:id/members/:userId' },
  { method: 'GET', path: '/api/ventures/:id/invitations' },
  { method: 'POST', path: '/api/ventures/:id/invitations', fields: ['email', 'role'] },
  { method: 'POST', path: '/api/ventures/:id/invitations/:invitationId/resend' },
  { method: 'DELETE', path: '/api/ventures/:id/invitations/:invitationId' },
  { method: 'POST', path: '/api/invitations/preview', fields: ['token'] },
  { method: 'POST', path: '/api/invitations/accept', fields: ['token', 'acceptAsDifferentEmail'] },
  { method: 'PUT', path: '/api/venture-tasks/:id/assignee', fields: ['assigneeId'] },
  { method: 'GET', path: '/api/venture-tasks/:id/comments' },
  { method: 'POST', path: '/api/venture-tasks/:id/comments', fields: ['body'] },
  { method: 'PATCH', path: '/api/venture-tasks/:id/comments/:commentId', fields: ['body'] },
  { method: 'DELETE', path: '/api/venture-tasks/:id/comments/:commentId' },
  { method: 'GET', path: '/api/ventures/:id/activity?limit=:limit&cursor=:cursor' },
  { method: 'GET', path: '/api/user/notification-preferences' },
  {
    method: 'PATCH',
    path: '/api/user/notification-preferences',
    fields: ['taskChanges', 'mentions', 'assignments'],
  },
  { method: 'POST', path: '/api/unsubscribe?token=:token' },
  // Issue 21: the user's language (auth service).
  { method: 'PATCH', path: '/api/user/language', fields: ['language'] },
  // Issue 17: plans with dates (venture service) and the account export (auth service).
  { method: 'PUT', path: '/api/venture-tasks/:id/dates', fields: ['startDate', 'dueDate'] },
  { method: 'PUT', path: '/api/venture-tasks/:id/prerequisites', fields: ['prerequisiteIds'] },
  { method: 'GET', path: '/api/ventures/:id/export.csv', produces: /^text\/csv; charset=utf-8$/ },
  { method: 'GET', path: '/api/ventures/:id/export.json' },
  { method: 'GET', path: '/api/user/export' },
  // Issue 17: the calendar feed (venture service): its owner's calls and the public feed.
  { method: 'GET', path: '/api/calendar-feed' },
  { method: 'POST', path: '/api/calendar-feed' },
  { method: 'DELETE', path: '/api/calendar-feed' },
  { method: 'GET', path: '/api/calendar/:token/tasks.ics' },
  // Issue 18: enrolments, cohort dashboards, mentors and verification (venture service); their own fuzz
  // with every organization role is cohort-route-fuzz.int.test.ts.
  { method: 'GET', path: '/api/enrolments' },
  { method: 'PATCH', path: '/api/programs/:id/enrolment', fields: ['ventureId', 'visibility'] },
  { method: 'DELETE', path: '/api/programs/:id/enrolment' },
  { method: 'GET', path: '/api/programs/:id/dashboard' },
  { method: 'GET', path: '/api/programs/:id/export.csv', produces: /^text\/csv/ },
  { method: 'PUT', path: '/api/programs/:id/ventures/:ventureId/mentors', fields: ['mentorIds'] },
  { method: 'GET', path: '/api/mentoring/ventures' },
  { method: 'POST', path: '/api/venture-tasks/:id/verification' },
  { method: 'DELETE', path: '/api/venture-tasks/:id/verification' },
];

/** The content type a reply must have: JSON, but a download route's own type on success. */
function expectedType(route: object, status: number): RegExp {
  const produces = 'produces' in route ? (route.produces as RegExp | undefined) : undefined;
  return produces && status === 200 ? produces : /^application\/json/;
}

const ADMIN_FIELDS = [
  'username',
  'password',
  'isAdmin',
  'isActive',
  'title',
  'category',
  'description',
  'name',
  'slug',
  'logoUrl',
  'primaryColor',
  'secondaryColor',
];

/** Issue 18: the admin dashboard's paged lists, whose query parameters are fuzzed too. */
const ADMIN_LISTS = ['users', 'ventures', 'organizations', 'contact-messages'] as const;
const ADMIN_LIST_QUERIES: ReadonlyArray<{ method: string; path: string; fields?: readonly string[] }> =
  ADMIN_LISTS.map((list) => ({ method: 'GET', path: `/api/admin/${list}?limit=:limit&cursor=:cursor&q=:q` }));

const ROUTES = [
  ...SERVICE_ROUTES,
  ...ADMIN_ROUTES.map((route) => ({ ...route, fields: ADMIN_FIELDS })),
  ...ADMIN_LIST_QUERIES,
  // Paths no route serves: the gateway's JSON 404.
  { method: 'GET', path: '/api/:id' },
  { method: 'POST', path: '/api/ventures/:id/:slug' },
];

type Role = 'visitor' | 'founder' | 'administrator';

let platform: Platform;
const browsers = new Map<Role, Browser>();
/** Ids that exist (the founder's venture, tasks, users, organizations), so paths reach real records too. */
const knownIds: string[] = [];
let realCursor = '';

async function signedIn(role: Role): Promise<Browser> {
  const existing = browsers.get(role);
  if (existing) return existing;
  const browser =
    role === 'visitor'
      ? new Browser(platform.base)
      : role === 'administrator'
        ? await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)
        : (await platform.newUser()).browser;
  browsers.set(role, browser);
  return browser;
}

beforeAll(async () => {
  platform = await startPlatform();
  const founder = await signedIn('founder');
  const venture = await founder.call('POST', '/api/ventures', { name: 'Fuzzed Venture', blurb: 'Targets' });
  const detail = await founder.call('GET', `/api/ventures/${venture.body.id}`);
  knownIds.push(venture.body.id, ...detail.body.tasks.slice(0, 3).map((task: { id: string }) => task.id));
  // Issue 16: the founder (a member), a comment and a pending invitation, so team paths reach real records.
  const comment = await founder.call('POST', `/api/venture-tasks/${detail.body.tasks[0].id}/comments`, {
    body: 'Fuzzed comment',
  });
  const invitation = await founder.call('POST', `/api/ventures/${venture.body.id}/invitations`, {
    email: 'fuzz.invitee@example.com',
    role: 'editor',
  });
  knownIds.push(detail.body.userId, comment.body.id, invitation.body.id, '30');
  const admin = await signedIn('administrator');
  const users = await admin.call('GET', '/api/admin/users?limit=3');
  knownIds.push(...users.body.items.map((user: { id: string }) => user.id));
  // A real cursor too (there are at least two users), so list queries reach a second page.
  const firstPage = await admin.call('GET', '/api/admin/users?limit=1');
  realCursor = firstPage.body.nextCursor as string;
  knownIds.push(realCursor);
  const organization = await admin.call('POST', '/api/admin/organizations', {
    name: 'Fuzz Institute',
    slug: 'fuzz-institute',
  });
  knownIds.push(organization.body.id, 'fuzz-institute', '7', '50');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom('..', '%00', '%2e%2e', '$ne', '{"$gt":""}', 'null', 'undefined', 'x'.repeat(300)),
);
const pathParam = fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: junk });

/** Arbitrary JSON, operator-looking objects included, bounded in size. */
const json = fc.jsonValue({ maxDepth: 4 });
const operatorValue = fc.constantFrom(
  { $ne: null },
  { $gt: '' },
  { $where: 'sleep(5000)' },
  { $regex: '.*' },
);
const fieldValue = fc.oneof(json, operatorValue, junk);

function bodyFor(fields: readonly string[] | undefined) {
  const known = fields && fields.length > 0 ? fields : ['name'];
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: json },
    {
      weight: 5,
      arbitrary: fc
        .uniqueArray(fc.constantFrom(...known, '__proto__', 'constructor', 'isAdmin', 'organizationId'), {
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
    role: fc.constantFrom<Role>('visitor', 'founder', 'administrator'),
    params: fc.array(pathParam, { minLength: 3, maxLength: 3 }),
  })
  .chain((base) => fc.record({ base: fc.constant(base), body: bodyFor(base.route.fields) }));

/** The parameters a fuzzed path fills in (path segments and query values). */
const PARAM = /:(id|slug|userId|invitationId|commentId|limit|cursor|token|q|ventureId)\b/g;

function fillPath(path: string, params: Array<string | null>, pick: number): string {
  let index = 0;
  return path.replace(PARAM, () => {
    const param = params[index++] ?? knownIds[(pick + index) % knownIds.length]!;
    // A `.` or `..` segment is resolved by the URL itself (no client can send it to a route): keep it a name.
    return /^\.{1,2}$/.test(param) ? `${param}x` : encodeURIComponent(param);
  });
}

/** Malformed percent-encodings, sent as they are (no client-side encoding). */
const MALFORMED = ['%ff', '%', '%E0%A4%A', '%zz', '100%', '%C0%AF'];

function rawPath(path: string, params: Array<string | null>, pick: number): string {
  let index = 0;
  return path.replace(PARAM, () => params[index++] ?? knownIds[(pick + index) % knownIds.length]!);
}

describe('every route × role, fuzzed (seeded, bounded)', () => {
  it('a malformed percent-encoding in any path parameter is a JSON 400 for every role, visitors included', async () => {
    const withParams = [...SERVICE_ROUTES, ...ADMIN_ROUTES].filter((route) =>
      /:(id|slug|userId|invitationId|commentId)\b/.test(route.path),
    );
    expect(withParams.length).toBeGreaterThan(20);
    for (const role of ['visitor', 'founder', 'administrator'] as const) {
      const browser = await signedIn(role);
      for (const route of withParams) {
        const path = route.path.replace(PARAM, '%ff');
        const reply = await browser.call(
          route.method,
          path,
          route.method === 'GET' ? undefined : {},
          HANG_MS,
        );
        // Admin routes refuse non-administrators before anything else; otherwise the client's mistake, said so.
        const [status, expected] =
          route.path.startsWith('/api/admin/') && role === 'visitor'
            ? [401, { code: 'AUTH.UNAUTHENTICATED' }]
            : route.path.startsWith('/api/admin/') && role === 'founder'
              ? [403, { code: 'ADMIN.FORBIDDEN' }]
              : [
                  400,
                  {
                    code: 'REQUEST.MALFORMED_PATH',
                    message: 'The address contains an invalid percent-encoding',
                  },
                ];
        expect([`${role} ${route.method} ${path}`, reply.status, reply.body]).toEqual([
          `${role} ${route.method} ${path}`,
          status,
          expect.objectContaining(expected),
        ]);
      }
    }
  }, 60_000);

  it(`answers raw, un-encoded paths (malformed percent-encodings included) with JSON below 500`, async () => {
    const rawParam = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...MALFORMED) },
      { weight: 2, arbitrary: fc.string({ maxLength: 20 }).filter((s) => !/[/?#\\]|^\.{1,2}$/.test(s)) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
    const rawCall = fc.record({
      route: fc.constantFrom(...ROUTES),
      role: fc.constantFrom<Role>('visitor', 'founder', 'administrator'),
      params: fc.array(rawParam, { minLength: 3, maxLength: 3 }),
    });
    let pick = 0;
    await fc.assert(
      fc.asyncProperty(rawCall, async ({ route, role, params }) => {
        pick += 1;
        const browser = await signedIn(role);
        const reply = await browser.call(
          route.method,
          rawPath(route.path, params, pick),
          route.method === 'GET' ? undefined : {},
          HANG_MS,
        );
        if (role !== 'visitor' && reply.status === 401) browsers.delete(role);
        expect(reply.status).toBeLessThan(500);
        expect(reply.headers.get('content-type')).toMatch(expectedType(route, reply.status));
      }),
      { seed: FUZZ_SEED, numRuns: Math.ceil(FUZZ_RUNS / 4), endOnFailure: true },
    );
  }, 120_000);

  it('the paged admin lists answer any cursor, limit and search with a page or a 400 that says why', async () => {
    const admin = await signedIn('administrator');
    const value = fc.oneof(
      { weight: 2, arbitrary: junk },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('1', '50', '200', '0', '201', '-1', '1.5', 'NaN') },
    );
    const listCall = fc.record({
      list: fc.constantFrom(...ADMIN_LISTS),
      limit: value,
      cursor: fc.oneof(value, fc.constant(realCursor), fc.constant(`${realCursor}A`)),
      q: value,
    });
    await fc.assert(
      fc.asyncProperty(listCall, async ({ list, limit, cursor, q }) => {
        const query = new URLSearchParams();
        if (limit !== null) query.set('limit', limit);
        if (cursor !== null) query.set('cursor', cursor);
        if (q !== null) query.set('q', q);
        const reply = await admin.call('GET', `/api/admin/${list}?${query.toString()}`, undefined, HANG_MS);
        expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
        if (reply.status === 200) {
          expect(Object.keys(reply.body).sort()).toEqual(['items', 'nextCursor']);
          expect(reply.body.items.length).toBeLessThanOrEqual(limit === null ? 50 : 200);
        } else {
          expect([reply.status, ['REQUEST.INVALID', 'PAGE.INVALID_CURSOR']]).toEqual([
            400,
            expect.arrayContaining([reply.body.code]),
          ]);
          expect(reply.body.message).toEqual(expect.any(String));
        }
      }),
      { seed: FUZZ_SEED, numRuns: Math.ceil(FUZZ_RUNS / 4), endOnFailure: true },
    );
  }, 120_000);

  it(`answers ${FUZZ_RUNS} arbitrary calls with JSON below 500, each within ${HANG_MS} ms`, async () => {
    const seen = new Map<number, number>();
    let pick = 0;
    await fc.assert(
      fc.asyncProperty(call, async ({ base, body }) => {
        pick += 1;
        const browser = await signedIn(base.role);
        const path = fillPath(base.route.path, base.params, pick);
        // fetch sends no body with a GET.
        const sent = base.route.method === 'GET' ? undefined : body;
        const reply = await browser.call(base.route.method, path, sent, HANG_MS);
        seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1);
        // A fuzzed call may sign a role out, delete or deactivate its account: sign in afresh next time.
        if (base.role !== 'visitor' && reply.status === 401) browsers.delete(base.role);
        expect(reply.status).toBeLessThan(500);
        expect(reply.headers.get('content-type')).toMatch(expectedType(base.route, reply.status));
        expect(JSON.stringify(reply.body)).not.toMatch(/\bat .+\.(ts|js):\d+|MongoServerError|ECONNREFUSED/);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
    );
    // The fuzz reached past validation: successes and refusals both occurred.
    const statuses = [...seen.keys()];
    expect(statuses.some((status) => status < 300)).toBe(true);
    expect(statuses.some((status) => status >= 400)).toBe(true);
  }, 180_000);
});
