import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cohortApi } from '@app/contracts';
import {
  browserOf,
  CALLERS,
  notRoutedToVenture,
  startCohortPlatform,
  type Caller,
  type Cohort,
  type CohortPlatform,
} from './support/cohort-platform.ts';

/*
 * Issue 18: every cohort route (`cohortApi`) × (visitor, founder, founder of another organization, mentor,
 * program manager, org admin, platform admin) → the expected status and error code, through the real
 * gateway. The routes come from the contracts: a new one without a rule here fails the test. Each cell gets
 * a fresh cohort (organization, program, staff, one enrolled founder whose venture has a done task and the
 * mentor assigned), so no cell depends on another. Outside one's scope a program or task is 404; staff whose
 * role is too low get 403.
 */

interface Rule {
  prepare(c: Cohort): { path: string; body?: unknown };
  expected: Record<Caller, number>;
  /** The code of a 403 (default `ORGANIZATION.FORBIDDEN`) and of a 404 (default `PROGRAM.NOT_FOUND`). */
  forbiddenCode?: string;
  notFoundCode?: string;
}

/** Anyone signed in: their own list. */
const SIGNED_IN = {
  visitor: 401,
  founder: 200,
  otherFounder: 200,
  mentor: 200,
  programManager: 200,
  orgAdmin: 200,
  platformAdmin: 200,
};
/** The enrolled founder only. */
const ENROLLED = {
  visitor: 401,
  founder: 200,
  otherFounder: 404,
  mentor: 404,
  programManager: 404,
  orgAdmin: 404,
  platformAdmin: 404,
};
/** Program managers and org admins (a platform admin acts as one); mentors are staff with too low a role. */
const MANAGERS = {
  visitor: 401,
  founder: 404,
  otherFounder: 404,
  mentor: 403,
  programManager: 200,
  orgAdmin: 200,
  platformAdmin: 200,
};
/** The assigned mentor; the venture's members and the other staff see the task but may not verify. */
const MENTOR = {
  visitor: 401,
  founder: 403,
  otherFounder: 404,
  mentor: 200,
  programManager: 403,
  orgAdmin: 403,
  platformAdmin: 403,
};

const rules: Record<string, Rule> = {
  'GET /api/enrolments': { prepare: () => ({ path: '/api/enrolments' }), expected: SIGNED_IN },
  'PATCH /api/programs/:id/enrolment': {
    prepare: (c) => ({ path: `/api/programs/${c.programId}/enrolment`, body: { visibility: 'progress' } }),
    expected: ENROLLED,
  },
  'DELETE /api/programs/:id/enrolment': {
    prepare: (c) => ({ path: `/api/programs/${c.programId}/enrolment` }),
    expected: ENROLLED,
  },
  'GET /api/programs/:id/dashboard': {
    prepare: (c) => ({ path: `/api/programs/${c.programId}/dashboard` }),
    expected: MANAGERS,
  },
  'GET /api/programs/:id/export.csv': {
    prepare: (c) => ({ path: `/api/programs/${c.programId}/export.csv` }),
    expected: MANAGERS,
  },
  'PUT /api/programs/:id/ventures/:ventureId/mentors': {
    prepare: (c) => ({
      path: `/api/programs/${c.programId}/ventures/${c.ventureId}/mentors`,
      body: { mentorIds: [] },
    }),
    expected: MANAGERS,
  },
  'GET /api/mentoring/ventures': {
    prepare: () => ({ path: '/api/mentoring/ventures' }),
    expected: SIGNED_IN,
  },
  'POST /api/venture-tasks/:id/verification': {
    prepare: (c) => ({ path: `/api/venture-tasks/${c.doneTaskId}/verification` }),
    expected: MENTOR,
    forbiddenCode: 'VENTURE.FORBIDDEN',
    notFoundCode: 'TASK.NOT_FOUND',
  },
  'DELETE /api/venture-tasks/:id/verification': {
    prepare: (c) => ({ path: `/api/venture-tasks/${c.doneTaskId}/verification` }),
    expected: MENTOR,
    forbiddenCode: 'VENTURE.FORBIDDEN',
    notFoundCode: 'TASK.NOT_FOUND',
  },
};

const routes = Object.values(cohortApi);
const matrix = routes.flatMap((route) =>
  CALLERS.map((caller) => [`${route.method} ${route.path}`, caller, route.method] as const),
);

let cp: CohortPlatform;
let otherOrganization: Cohort;

beforeAll(async () => {
  cp = await startCohortPlatform();
  otherOrganization = await cp.cohort();
}, 60_000);

afterAll(async () => {
  await cp?.close();
});

describe('cohort access matrix (issue 18)', () => {
  it('every cohort route is routed to the venture service and has a rule here, and no rule outlives its route', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => !rules[key])).toEqual([]);
    expect(Object.keys(rules).sort()).toEqual([...keys].sort());
    expect(notRoutedToVenture(routes)).toEqual([]);
  });

  it.each(matrix)(
    '%s as %s',
    async (key, caller, method) => {
      const rule = rules[key]!;
      const c = await cp.cohort();
      const { path, body } = rule.prepare(c);
      const reply = await browserOf(cp, otherOrganization, c, caller).call(method, path, body);
      const expected = rule.expected[caller];
      const code: Record<number, string | undefined> = {
        401: 'AUTH.UNAUTHENTICATED',
        403: rule.forbiddenCode ?? 'ORGANIZATION.FORBIDDEN',
        404: rule.notFoundCode ?? 'PROGRAM.NOT_FOUND',
      };
      expect([reply.status, reply.body?.code]).toEqual([expected, code[expected]]);
      if (expected >= 400) expect(typeof reply.body.message).toBe('string');
    },
    30_000,
  );

  it('the venture of a cohort is 404 to its mentor until assigned, and to a founder of another organization', async () => {
    const c = await cp.cohort({ mentorAssigned: false });
    for (const browser of [c.mentor.browser, otherOrganization.founder.browser]) {
      const reply = await browser.call('GET', `/api/ventures/${c.ventureId}`);
      expect([reply.status, reply.body]).toEqual([
        404,
        { code: 'VENTURE.NOT_FOUND', message: 'Venture not found' },
      ]);
    }
    for (const browser of [c.programManager.browser, c.orgAdmin.browser, cp.administrator]) {
      expect((await browser.call('GET', `/api/ventures/${c.ventureId}`)).status).toBe(200);
    }
  });
});
