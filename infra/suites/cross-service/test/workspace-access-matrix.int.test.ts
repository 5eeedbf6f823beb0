import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeTable } from '@app/gateway';
import { workspaceApi } from '@app/contracts';
import { ADMIN_EMAIL } from './support/admin-platform.ts';
import {
  Browser,
  startWorkspacePlatform,
  unique,
  type Workspace,
  type WorkspacePlatform,
} from './support/workspace-platform.ts';

/*
 * Issue 18: every workspace route × (visitor, founder, founder of another organization, mentor, program
 * manager, org admin, platform administrator) → the expected status and error code, through the real
 * gateway. The routes come from the contracts (`workspaceApi`): a new one without a rule here fails the
 * test. Each cell gets a fresh organization, so no cell depends on another. Outside the staff (founders,
 * strangers) an organization does not exist (404); staff whose role is too low get 403.
 */

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

interface Cell {
  path: string;
  body?: unknown;
}
interface Rule {
  prepare(w: Workspace, role: Role): Promise<Cell>;
  expected: Record<Role, number>;
  /** The error code of a 409 answer. */
  conflictCode?: string;
}

let wp: WorkspacePlatform;

beforeAll(async () => {
  wp = await startWorkspacePlatform();
}, 60_000);

afterAll(async () => {
  await wp?.close();
});

/** Anyone signed in (their own list). */
const SIGNED_IN = {
  visitor: 401,
  founder: 200,
  otherFounder: 200,
  mentor: 200,
  programManager: 200,
  orgAdmin: 200,
  platformAdmin: 200,
};
/** Staff: everyone who opens the workspace. */
const STAFF = { ...SIGNED_IN, founder: 404, otherFounder: 404 };
/** Org admins and program managers (members and programs are theirs to see). */
const MANAGERS = { ...STAFF, mentor: 403 };
/** Org admins (and the platform administrator, who acts as one). */
const ADMINS = { ...MANAGERS, programManager: 403 };
const created = (rule: Record<Role, number>) => ({ ...rule, orgAdmin: 201, platformAdmin: 201 });

const pendingInvitation = async (w: Workspace) =>
  wp.invite(w.orgAdmin.browser, w.slug, `pending.${unique()}@example.com`, 'mentor');

const rules: Record<string, Rule> = {
  'GET /api/orgs': { prepare: async () => ({ path: '/api/orgs' }), expected: SIGNED_IN },
  'GET /api/orgs/:slug': { prepare: async (w) => ({ path: `/api/orgs/${w.slug}` }), expected: STAFF },
  'PATCH /api/orgs/:slug': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}`, body: { description: `Updated ${unique()}` } }),
    expected: ADMINS,
  },
  'GET /api/orgs/:slug/members': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/members` }),
    expected: MANAGERS,
  },
  'PATCH /api/orgs/:slug/members/:userId': {
    prepare: async (w) => ({
      path: `/api/orgs/${w.slug}/members/${w.mentor.user.id}`,
      body: { role: 'programManager' },
    }),
    expected: ADMINS,
  },
  'DELETE /api/orgs/:slug/members/:userId': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/members/${w.founder.user.id}` }),
    expected: ADMINS,
  },
  'GET /api/orgs/:slug/invitations': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/invitations` }),
    expected: ADMINS,
  },
  'POST /api/orgs/:slug/invitations': {
    prepare: async (w) => ({
      path: `/api/orgs/${w.slug}/invitations`,
      body: { email: `invitee.${unique()}@example.com`, role: 'mentor' },
    }),
    expected: created(ADMINS),
  },
  'POST /api/orgs/:slug/invitations/:invitationId/resend': {
    prepare: async (w) => ({
      path: `/api/orgs/${w.slug}/invitations/${(await pendingInvitation(w)).id}/resend`,
    }),
    expected: ADMINS,
  },
  'DELETE /api/orgs/:slug/invitations/:invitationId': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/invitations/${(await pendingInvitation(w)).id}` }),
    expected: ADMINS,
  },
  'POST /api/org-invitations/preview': {
    prepare: async (w) => ({
      path: '/api/org-invitations/preview',
      body: { token: (await pendingInvitation(w)).token },
    }),
    // Public: the link's page works signed out.
    expected: { ...SIGNED_IN, visitor: 200 },
  },
  'POST /api/org-invitations/accept': {
    // Sent to the caller's own address when they are not a member yet; members hold a link for another.
    prepare: async (w, role) => {
      const email =
        role === 'otherFounder'
          ? w.otherFounder.user.username
          : role === 'platformAdmin'
            ? ADMIN_EMAIL
            : `someone.${unique()}@example.com`;
      const { token } = await wp.invite(w.orgAdmin.browser, w.slug, email, 'mentor');
      return { path: '/api/org-invitations/accept', body: { token } };
    },
    expected: {
      visitor: 401,
      founder: 409,
      otherFounder: 200,
      mentor: 409,
      programManager: 409,
      orgAdmin: 409,
      platformAdmin: 200,
    },
    conflictCode: 'INVITATION.EMAIL_MISMATCH',
  },
  'GET /api/orgs/:slug/programs': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/programs` }),
    expected: MANAGERS,
  },
  'POST /api/orgs/:slug/programs': {
    prepare: async (w) => ({
      path: `/api/orgs/${w.slug}/programs`,
      body: { name: 'Autumn cohort', startDate: '2027-09-01', endDate: '2028-02-28' },
    }),
    expected: created(ADMINS),
  },
  'PATCH /api/orgs/:slug/programs/:programId': {
    prepare: async (w) => ({
      path: `/api/orgs/${w.slug}/programs/${w.programId}`,
      body: { name: `Renamed ${unique()}` },
    }),
    expected: ADMINS,
  },
  'GET /api/orgs/:slug/audit': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/audit` }),
    expected: ADMINS,
  },
  'GET /api/orgs/:slug/audit.csv': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/audit.csv` }),
    expected: ADMINS,
  },
};

const routes = Object.values(workspaceApi);
const matrix = routes.flatMap((route) =>
  ROLES.map((role) => [`${route.method} ${route.path}`, role, route.method] as const),
);

function browserOf(w: Workspace, role: Role): Browser {
  switch (role) {
    case 'visitor':
      return new Browser(wp.platform.base);
    case 'platformAdmin':
      return wp.administrator;
    default:
      return w[role].browser;
  }
}

describe('workspace access matrix (issue 18)', () => {
  it('every workspace route is routed to the organization service and has a rule here, and no rule outlives its route', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => !rules[key])).toEqual([]);
    expect(Object.keys(rules).sort()).toEqual([...keys].sort());
    const prefixes = routeTable.filter((r) => r.service === 'organization').map((r) => r.prefix);
    const unrouted = routes.filter(
      (route) => !prefixes.some((p) => route.path === p || route.path.startsWith(`${p}/`)),
    );
    expect(unrouted).toEqual([]);
  });

  it.each(matrix)(
    '%s as %s',
    async (key, role, method) => {
      const rule = rules[key]!;
      const w = await wp.workspace();
      const { path, body } = await rule.prepare(w, role);
      const reply = await browserOf(w, role).call(method, path, body);
      const expected = rule.expected[role];
      const code: Record<number, string> = {
        401: 'AUTH.UNAUTHENTICATED',
        403: 'ORGANIZATION.FORBIDDEN',
        404: 'ORGANIZATION.NOT_FOUND',
        409: rule.conflictCode ?? 'RESOURCE.CONFLICT',
      };
      expect([reply.status, reply.body?.code]).toEqual([expected, code[expected]]);
      if (expected >= 400) expect(typeof reply.body.message).toBe('string');
    },
    30_000,
  );
});

describe("a program's template version, checked with the venture service (issue 18)", () => {
  const programBody = (templateVersion: number | null) => ({
    name: `Pinned ${unique()}`,
    startDate: '2027-09-01',
    endDate: '2028-02-28',
    templateVersion,
  });

  /** The org admin publishes version 1 through the gateway (once the venture service learnt their role). */
  async function publishVersionOne(w: Workspace): Promise<void> {
    const deadline = Date.now() + 10_000;
    let template = await w.orgAdmin.browser.call('GET', `/api/org-templates/${w.slug}`);
    while (template.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      template = await w.orgAdmin.browser.call('GET', `/api/org-templates/${w.slug}`);
    }
    expect(template.status).toBe(200);
    const draft = template.body.draft as Array<{ key: string; hidden: boolean }>;
    const saved = await w.orgAdmin.browser.call('PUT', `/api/org-templates/${w.slug}/draft`, {
      tasks: draft.map((task) => (task.key === 'master-3' ? { ...task, hidden: true } : task)),
    });
    expect(saved.status).toBe(200);
    const published = await w.orgAdmin.browser.call('POST', `/api/org-templates/${w.slug}/versions`);
    expect([published.status, published.body.version]).toEqual([201, 1]);
  }

  it('when the org admin pins a published version, then the program is saved; an unpublished one is 404 and nothing is saved', async () => {
    const w = await wp.workspace();
    const unpublished = await w.orgAdmin.browser.call('POST', `/api/orgs/${w.slug}/programs`, programBody(1));
    expect(unpublished.status).toBe(404);
    expect(unpublished.body).toMatchObject({
      code: 'TEMPLATE.VERSION_NOT_FOUND',
      message: 'Template version 1 is not published',
    });

    await publishVersionOne(w);
    const pinned = await w.orgAdmin.browser.call('POST', `/api/orgs/${w.slug}/programs`, programBody(1));
    expect([pinned.status, pinned.body.templateVersion]).toEqual([201, 1]);
    const typo = await w.orgAdmin.browser.call('PATCH', `/api/orgs/${w.slug}/programs/${w.programId}`, {
      templateVersion: 7,
    });
    expect(typo.status).toBe(404);
    expect(typo.body).toMatchObject({
      code: 'TEMPLATE.VERSION_NOT_FOUND',
      message: 'Template version 7 is not published',
    });
    const asAdministrator = await wp.administrator.call(
      'PATCH',
      `/api/orgs/${w.slug}/programs/${w.programId}`,
      { templateVersion: 1 },
    );
    expect([asAdministrator.status, asAdministrator.body.templateVersion]).toEqual([200, 1]);

    const programs = await w.orgAdmin.browser.call('GET', `/api/orgs/${w.slug}/programs`);
    expect(
      (programs.body as Array<{ name: string; templateVersion: number | null }>)
        .map((p) => p.templateVersion)
        .sort(),
    ).toEqual([1, 1]);
    // A program manager learns nothing about versions: the role is checked first.
    const manager = await w.programManager.browser.call(
      'POST',
      `/api/orgs/${w.slug}/programs`,
      programBody(7),
    );
    expect([manager.status, manager.body.code]).toEqual([403, 'ORGANIZATION.FORBIDDEN']);
  }, 30_000);

  // Last in this file: it stops the venture service.
  it('when the venture service is down, then pinning a version is 503 and nothing is saved; the standard tasks still save', async () => {
    const w = await wp.workspace();
    await wp.platform.stop('venture');
    const pinned = await w.orgAdmin.browser.call('POST', `/api/orgs/${w.slug}/programs`, programBody(1));
    expect(pinned.status).toBe(503);
    expect(pinned.body).toMatchObject({
      code: 'SERVICE.UNAVAILABLE',
      message:
        'Template versions cannot be checked right now, so the program was not saved. Please try again in a moment.',
    });
    const standard = await w.orgAdmin.browser.call('POST', `/api/orgs/${w.slug}/programs`, programBody(null));
    expect([standard.status, standard.body.templateVersion]).toEqual([201, null]);
    const programs = await w.orgAdmin.browser.call('GET', `/api/orgs/${w.slug}/programs`);
    expect(
      (programs.body as Array<{ templateVersion: number | null }>).map((p) => p.templateVersion),
    ).toEqual([null, null]);
  }, 30_000);
});
