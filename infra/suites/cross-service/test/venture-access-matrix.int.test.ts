import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeTable } from '@app/gateway';
import { accountExportApi, ventureApi, venturePlanApi, ventureTeamApi } from '@app/contracts';
import { Browser, startTeamPlatform, unique, type Team, type TeamPlatform } from './support/team-platform.ts';

/*
 * Issue 16: every founding-teams route (and the venture routes whose rule changed with roles) × (visitor,
 * non-member, viewer, editor, owner, administrator) → the expected status, through the real gateway. The
 * routes come from the contracts (`ventureTeamApi`): a new one without a rule here fails the test. Each
 * cell gets a fresh team, so no cell depends on another. A non-member, and an administrator who is not a
 * member, get 404 exactly as for a venture that does not exist; a member whose role is too low gets 403.
 */

type Role = 'visitor' | 'nonMember' | 'viewer' | 'editor' | 'owner' | 'administrator';
const ROLES: Role[] = ['visitor', 'nonMember', 'viewer', 'editor', 'owner', 'administrator'];

interface Cell {
  path: string;
  body?: unknown;
}
interface Rule {
  /** The call, against a fresh team. */
  prepare(team: Team): Promise<Cell>;
  expected: Record<Role, number>;
  /** The error code of a 403 when it is not `VENTURE.FORBIDDEN`. */
  forbiddenCode?: string;
}

let tp: TeamPlatform;

beforeAll(async () => {
  tp = await startTeamPlatform();
}, 60_000);

afterAll(async () => {
  await tp?.close();
});

/** Member-only reads: any member, nobody else. */
const MEMBERS = { visitor: 401, nonMember: 404, viewer: 200, editor: 200, owner: 200, administrator: 404 };
/** Editors and owners. */
const WORKERS = { visitor: 401, nonMember: 404, viewer: 403, editor: 200, owner: 200, administrator: 404 };
/** Anyone signed in (the caller's own data). */
const SIGNED_IN = { visitor: 401, nonMember: 200, viewer: 200, editor: 200, owner: 200, administrator: 200 };
/** Owners only. */
const OWNERS = { visitor: 401, nonMember: 404, viewer: 403, editor: 403, owner: 200, administrator: 404 };

const newComment = async (team: Team, author: 'owner' | 'editor' = 'owner') => {
  const res = await team[author].browser.call('POST', `/api/venture-tasks/${team.taskIds[0]}/comments`, {
    body: 'A thought',
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

const rules: Record<string, Rule> = {
  // Existing routes, now decided by role.
  'GET /api/ventures/:id': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}` }),
    expected: MEMBERS,
  },
  'PATCH /api/ventures/:id': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}`, body: { name: 'Renamed' } }),
    expected: OWNERS,
  },
  'DELETE /api/ventures/:id': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}` }),
    expected: OWNERS,
  },
  'PATCH /api/venture-tasks/:id': {
    prepare: async (t) => ({ path: `/api/venture-tasks/${t.taskIds[0]}`, body: { status: 'in_progress' } }),
    expected: WORKERS,
  },
  // Issue 16.
  'GET /api/ventures/:id/members': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}/members` }),
    expected: MEMBERS,
  },
  'PATCH /api/ventures/:id/members/:userId': {
    prepare: async (t) => ({
      path: `/api/ventures/${t.ventureId}/members/${t.viewer.user.id}`,
      body: { role: 'editor' },
    }),
    expected: OWNERS,
  },
  'DELETE /api/ventures/:id/members/:userId': {
    // The editor removing the editor is leaving, which every member may do.
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}/members/${t.editor.user.id}` }),
    expected: { ...OWNERS, editor: 200 },
  },
  'GET /api/ventures/:id/invitations': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}/invitations` }),
    expected: OWNERS,
  },
  'POST /api/ventures/:id/invitations': {
    prepare: async (t) => ({
      path: `/api/ventures/${t.ventureId}/invitations`,
      body: { email: `invitee.${unique()}@example.com`, role: 'viewer' },
    }),
    expected: { ...OWNERS, owner: 201 },
  },
  'POST /api/ventures/:id/invitations/:invitationId/resend': {
    prepare: async (t) => {
      const { id } = await tp.invite(t.owner, t.ventureId, `pending.${unique()}@example.com`, 'viewer');
      return { path: `/api/ventures/${t.ventureId}/invitations/${id}/resend` };
    },
    expected: OWNERS,
  },
  'DELETE /api/ventures/:id/invitations/:invitationId': {
    prepare: async (t) => {
      const { id } = await tp.invite(t.owner, t.ventureId, `pending.${unique()}@example.com`, 'viewer');
      return { path: `/api/ventures/${t.ventureId}/invitations/${id}` };
    },
    expected: OWNERS,
  },
  'POST /api/invitations/preview': {
    prepare: async (t) => {
      const { token } = await tp.invite(t.owner, t.ventureId, `preview.${unique()}@example.com`, 'editor');
      return { path: '/api/invitations/preview', body: { token } };
    },
    // Public: the link's page works signed out.
    expected: { visitor: 200, nonMember: 200, viewer: 200, editor: 200, owner: 200, administrator: 200 },
  },
  'POST /api/invitations/accept': {
    prepare: async (t) => {
      const { token } = await tp.invite(t.owner, t.ventureId, `accept.${unique()}@example.com`, 'viewer');
      return { path: '/api/invitations/accept', body: { token, acceptAsDifferentEmail: true } };
    },
    // Whoever holds the link and chooses to accept with their account (members: it is used up).
    expected: { visitor: 401, nonMember: 200, viewer: 200, editor: 200, owner: 200, administrator: 200 },
  },
  'PUT /api/venture-tasks/:id/assignee': {
    prepare: async (t) => ({
      path: `/api/venture-tasks/${t.taskIds[0]}/assignee`,
      body: { assigneeId: t.editor.user.id },
    }),
    expected: WORKERS,
  },
  'GET /api/venture-tasks/:id/comments': {
    prepare: async (t) => ({ path: `/api/venture-tasks/${t.taskIds[0]}/comments` }),
    expected: MEMBERS,
  },
  'POST /api/venture-tasks/:id/comments': {
    prepare: async (t) => ({
      path: `/api/venture-tasks/${t.taskIds[0]}/comments`,
      body: { body: 'Hello @team' },
    }),
    // Viewers comment too.
    expected: { ...MEMBERS, viewer: 201, editor: 201, owner: 201 },
  },
  'PATCH /api/venture-tasks/:id/comments/:commentId': {
    // Written by the editor: only they may change it, owners included are refused.
    prepare: async (t) => ({
      path: `/api/venture-tasks/${t.taskIds[0]}/comments/${await newComment(t, 'editor')}`,
      body: { body: 'Edited' },
    }),
    expected: { ...MEMBERS, viewer: 403, editor: 200, owner: 403 },
    forbiddenCode: 'COMMENT.NOT_AUTHOR',
  },
  'DELETE /api/venture-tasks/:id/comments/:commentId': {
    prepare: async (t) => ({
      path: `/api/venture-tasks/${t.taskIds[0]}/comments/${await newComment(t, 'editor')}`,
    }),
    expected: { ...MEMBERS, viewer: 403, editor: 200, owner: 403 },
    forbiddenCode: 'COMMENT.NOT_AUTHOR',
  },
  'GET /api/ventures/:id/activity': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}/activity` }),
    expected: MEMBERS,
  },
  // Issue 17: the calendar feed is the signed-in user's own (no venture in the path): anyone signed in.
  'GET /api/calendar-feed': { prepare: async () => ({ path: '/api/calendar-feed' }), expected: SIGNED_IN },
  'POST /api/calendar-feed': {
    prepare: async () => ({ path: '/api/calendar-feed' }),
    expected: { ...SIGNED_IN, nonMember: 201, viewer: 201, editor: 201, owner: 201, administrator: 201 },
  },
  'DELETE /api/calendar-feed': { prepare: async () => ({ path: '/api/calendar-feed' }), expected: SIGNED_IN },
  'GET /api/calendar/:token/tasks.ics': {
    // The token is the credential: whoever holds the owner's URL reads the feed, signed in or not.
    prepare: async (t) => {
      const created = await t.owner.browser.call('POST', '/api/calendar-feed');
      expect(created.status).toBe(201);
      return { path: new URL(created.body.url as string).pathname };
    },
    expected: { visitor: 200, nonMember: 200, viewer: 200, editor: 200, owner: 200, administrator: 200 },
  },
  // Issue 17: plans with dates.
  'PUT /api/venture-tasks/:id/dates': {
    prepare: async (t) => ({
      path: `/api/venture-tasks/${t.taskIds[0]}/dates`,
      body: { startDate: '2027-01-04', dueDate: '2027-01-15' },
    }),
    expected: WORKERS,
  },
  'PUT /api/venture-tasks/:id/prerequisites': {
    prepare: async (t) => ({
      path: `/api/venture-tasks/${t.taskIds[0]}/prerequisites`,
      body: { prerequisiteIds: [t.taskIds[4]] },
    }),
    expected: WORKERS,
  },
  'GET /api/ventures/:id/export.csv': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}/export.csv` }),
    expected: MEMBERS,
  },
  'GET /api/ventures/:id/export.json': {
    prepare: async (t) => ({ path: `/api/ventures/${t.ventureId}/export.json` }),
    expected: MEMBERS,
  },
};

// Issue 17's venture routes; the calendar feed's follow (the caller's own: no venture in their path).
const PLAN_ROUTES = [
  venturePlanApi.setTaskDates,
  venturePlanApi.setTaskPrerequisites,
  venturePlanApi.exportVentureCsv,
  venturePlanApi.exportVentureJson,
];
const ventureRoutes = [
  ...Object.values(ventureTeamApi),
  ...PLAN_ROUTES,
  ...[ventureApi.getVenture, ventureApi.updateVenture, ventureApi.deleteVenture, ventureApi.changeTaskStatus],
  ...[
    venturePlanApi.getCalendarFeed,
    venturePlanApi.createCalendarFeed,
    venturePlanApi.revokeCalendarFeed,
    venturePlanApi.calendarFeed,
  ],
];
const matrix = ventureRoutes.flatMap((route) =>
  ROLES.map((role) => [`${route.method} ${route.path}`, role, route.method] as const),
);

async function browserOf(team: Team, role: Role): Promise<Browser> {
  switch (role) {
    case 'visitor':
      return new Browser(tp.platform.base);
    case 'nonMember':
      return (await tp.platform.newUser()).browser;
    case 'administrator':
      return tp.administrator;
    default:
      return team[role].browser;
  }
}

describe('venture access matrix (issue 16)', () => {
  it('every team route is routed to the venture service and has a rule here, and no rule outlives its route', () => {
    const keys = ventureRoutes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => !rules[key])).toEqual([]);
    expect(Object.keys(rules).sort()).toEqual([...keys].sort());
    const venturePrefixes = routeTable.filter((r) => r.service === 'venture').map((r) => r.prefix);
    const unrouted = ventureRoutes.filter(
      (route) => !venturePrefixes.some((p) => route.path === p || route.path.startsWith(`${p}/`)),
    );
    expect(unrouted).toEqual([]);
  });

  it.each(matrix)(
    '%s as %s',
    async (key, role, method) => {
      const rule = rules[key]!;
      const team = await tp.team();
      const { path, body } = await rule.prepare(team);
      const browser = await browserOf(team, role);
      const reply = await browser.call(method, path, body);
      const expected = rule.expected[role];
      const code: Record<number, string> = {
        401: 'AUTH.UNAUTHENTICATED',
        403: rule.forbiddenCode ?? 'VENTURE.FORBIDDEN',
        404: key.includes('/api/venture-tasks/') ? 'TASK.NOT_FOUND' : 'VENTURE.NOT_FOUND',
      };
      expect([reply.status, reply.body?.code]).toEqual([expected, code[expected]]);
      if (expected >= 400) expect(typeof reply.body.message).toBe('string');
    },
    30_000,
  );
});

describe('account export access (issue 17)', () => {
  it('a visitor gets 401; a founder and an administrator get their own archive only', async () => {
    const route = accountExportApi.exportAccount;
    const visitor = await new Browser(tp.platform.base).call(route.method, route.path);
    expect([visitor.status, visitor.body?.code]).toEqual([401, 'AUTH.UNAUTHENTICATED']);
    const team = await tp.team();
    for (const browser of [team.viewer.browser, tp.administrator]) {
      const own = await browser.call(route.method, route.path);
      expect(own.status).toBe(200);
      expect(own.headers.get('content-disposition')).toMatch(
        /^attachment; filename="venture-roadmap-account-\d{4}-\d{2}-\d{2}\.json"$/,
      );
    }
    const asViewer = await team.viewer.browser.call(route.method, route.path);
    expect(asViewer.body.profile.id).toBe(team.viewer.user.id);
    expect(asViewer.body.ventures.map((v: { id: string }) => v.id)).toContain(team.ventureId);
    const asAdmin = await tp.administrator.call(route.method, route.path);
    expect(asAdmin.body.ventures.map((v: { id: string }) => v.id)).not.toContain(team.ventureId);
  });
});
