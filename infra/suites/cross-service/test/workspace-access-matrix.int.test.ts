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
