import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orgTemplateApi, type OrgTemplateTask } from '@app/contracts';
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
 * Issue 18: every organization template route (`orgTemplateApi`) × (visitor, founder, founder of another
 * organization, mentor, program manager, org admin, platform admin) → the expected status and error code,
 * through the real gateway. The routes come from the contracts: a new one without a rule here fails the
 * test. Each cell gets a fresh cohort (organization, program, staff, one enrolled founder with a venture and
 * the mentor assigned). Outside one's scope an organization or venture is 404; staff whose role is too low
 * for templates get 403.
 */

interface Rule {
  prepare(c: Cohort): Promise<{ path: string; body?: unknown }>;
  expected: Record<Caller, number>;
  /** The code of a 404 (default `ORGANIZATION.NOT_FOUND`). */
  notFoundCode?: string;
  forbiddenCode?: string;
}

/** The org admin (a platform admin acts as one); other staff are too low, founders and outsiders outside. */
const ORG_ADMINS = {
  visitor: 401,
  founder: 404,
  otherFounder: 404,
  mentor: 403,
  programManager: 403,
  orgAdmin: 200,
  platformAdmin: 200,
};
/** The organization's staff. */
const STAFF = { ...ORG_ADMINS, mentor: 200, programManager: 200 };
/** The venture's owner only: staff reach the venture read-only, never its template. */
const OWNER = {
  visitor: 401,
  founder: 200,
  otherFounder: 404,
  mentor: 404,
  programManager: 404,
  orgAdmin: 404,
  platformAdmin: 404,
};
/** Whoever may read the venture's tasks: its members and its program's staff (the mentor is assigned). */
const VENTURE_READERS = { ...OWNER, mentor: 200, programManager: 200, orgAdmin: 200, platformAdmin: 200 };

const CLINIC: OrgTemplateTask = {
  key: 'custom-1',
  taskId: null,
  category: 'Team & Legal Structure',
  title: 'Book a session with our legal clinic',
  description: '',
  hidden: false,
  guide: {
    why: 'Early legal advice avoids rework.',
    practices: ['Bring your cap table'],
    proTip: '',
    localResources: '',
  },
};

/** The org admin saves a draft with the clinic added and task 3 hidden. */
async function changedDraft(c: Cohort): Promise<void> {
  const template = await c.orgAdmin.browser.call('GET', `/api/org-templates/${c.slug}`);
  expect(template.status).toBe(200);
  const tasks = (template.body.draft as OrgTemplateTask[]).map((task) =>
    task.key === 'master-3' ? { ...task, hidden: true } : task,
  );
  const saved = await c.orgAdmin.browser.call('PUT', `/api/org-templates/${c.slug}/draft`, {
    tasks: [...tasks, CLINIC],
  });
  expect(saved.status).toBe(200);
}

/** Version 1 published, and the program pins it (the founder's venture is offered it). */
async function pinnedVersion(c: Cohort): Promise<void> {
  await changedDraft(c);
  expect((await c.orgAdmin.browser.call('POST', `/api/org-templates/${c.slug}/versions`)).status).toBe(201);
  await cp.pinTemplate(c, 1);
}

const rules: Record<string, Rule> = {
  'GET /api/org-templates/:slug': {
    prepare: async (c) => ({ path: `/api/org-templates/${c.slug}` }),
    expected: ORG_ADMINS,
  },
  'PUT /api/org-templates/:slug/draft': {
    prepare: async (c) => {
      const template = await c.orgAdmin.browser.call('GET', `/api/org-templates/${c.slug}`);
      return { path: `/api/org-templates/${c.slug}/draft`, body: { tasks: template.body.draft } };
    },
    expected: ORG_ADMINS,
  },
  'POST /api/org-templates/:slug/versions': {
    prepare: async (c) => {
      await changedDraft(c);
      return { path: `/api/org-templates/${c.slug}/versions` };
    },
    expected: { ...ORG_ADMINS, orgAdmin: 201, platformAdmin: 201 },
  },
  'GET /api/org-templates/:slug/versions/:version': {
    prepare: async (c) => {
      await changedDraft(c);
      expect((await c.orgAdmin.browser.call('POST', `/api/org-templates/${c.slug}/versions`)).status).toBe(
        201,
      );
      return { path: `/api/org-templates/${c.slug}/versions/1` };
    },
    expected: STAFF,
  },
  'GET /api/ventures/:id/template-update': {
    prepare: async (c) => {
      await pinnedVersion(c);
      return { path: `/api/ventures/${c.ventureId}/template-update` };
    },
    expected: OWNER,
    notFoundCode: 'VENTURE.NOT_FOUND',
  },
  'POST /api/ventures/:id/template-update': {
    prepare: async (c) => {
      await pinnedVersion(c);
      return { path: `/api/ventures/${c.ventureId}/template-update`, body: { toVersion: 1 } };
    },
    expected: OWNER,
    notFoundCode: 'VENTURE.NOT_FOUND',
  },
  'GET /api/ventures/:id/guides/:taskId': {
    prepare: async (c) => ({ path: `/api/ventures/${c.ventureId}/guides/1` }),
    expected: VENTURE_READERS,
    notFoundCode: 'VENTURE.NOT_FOUND',
  },
  'GET /api/ventures/:id/guides': {
    prepare: async (c) => ({ path: `/api/ventures/${c.ventureId}/guides` }),
    expected: VENTURE_READERS,
    notFoundCode: 'VENTURE.NOT_FOUND',
  },
};

const routes = Object.values(orgTemplateApi);
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

describe('organization template access matrix (issue 18)', () => {
  it('every template route is routed to the venture service and has a rule here, and no rule outlives its route', () => {
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
      const { path, body } = await rule.prepare(c);
      const reply = await browserOf(cp, otherOrganization, c, caller).call(method, path, body);
      const expected = rule.expected[caller];
      const code: Record<number, string | undefined> = {
        401: 'AUTH.UNAUTHENTICATED',
        403: rule.forbiddenCode ?? 'ORGANIZATION.FORBIDDEN',
        404: rule.notFoundCode ?? 'ORGANIZATION.NOT_FOUND',
      };
      expect([reply.status, reply.body?.code]).toEqual([expected, code[expected]]);
      if (expected >= 400) expect(typeof reply.body.message).toBe('string');
    },
    30_000,
  );
});
