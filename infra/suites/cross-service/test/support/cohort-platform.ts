import { randomBytes } from 'node:crypto';
import { createEvent, type EventEnvelope } from '@app/common';
import { DEFAULT_RISK_RULES, type OrgRole } from '@app/contracts';
import { expect } from '@jest/globals';
import { routeTable } from '@app/gateway';
import { ADMIN_EMAIL, ADMIN_PASSWORD, Browser, startPlatform, type Platform } from './admin-platform.ts';

/*
 * Issue 18 through the real gateway: organizations, their staff and programs are put into the venture
 * service's read models by publishing the organization service's events on the platform's bus (what the
 * organization service does once its side is built), and founders enrol, create ventures and are mentored
 * through the public API.
 */

export interface Person {
  browser: Browser;
  user: { id: string; username: string };
}

export interface Cohort {
  organizationId: string;
  /** The organization's slug (its template routes: `/api/org-templates/{slug}`). */
  slug: string;
  programId: string;
  orgAdmin: Person;
  programManager: Person;
  mentor: Person;
  founder: Person;
  ventureId: string;
  /** A task of the founder's venture that is done (verifiable), and one still to do. */
  doneTaskId: string;
  todoTaskId: string;
}

export interface CohortPlatform {
  platform: Platform;
  administrator: Browser;
  /** A fresh organization and program, its staff, one founder with a venture, the mentor assigned to it. */
  cohort(options?: { mentorAssigned?: boolean }): Promise<Cohort>;
  /** Issue 18: the cohort's program pins this template version (as the organization service announces it). */
  pinTemplate(c: Cohort, version: number | null): Promise<void>;
  close(): Promise<void>;
}

const hex24 = () => randomBytes(12).toString('hex');

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startCohortPlatform(): Promise<CohortPlatform> {
  const platform = await startPlatform();
  const administrator = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const publish = (events: EventEnvelope[]) => platform.bus().publish(events);
  const orgEvent = <T extends Parameters<typeof createEvent>[0]>(
    type: T,
    data: Parameters<typeof createEvent<T>>[1],
  ) => createEvent(type, data, { producer: 'organization', correlationId: 'cohort-test' }) as EventEnvelope;
  const personOf = (p: Person) => ({
    userId: p.user.id,
    email: p.user.username,
    displayName: p.user.username,
  });
  const member = (organizationId: string, p: Person, role: OrgRole) =>
    orgEvent('organization.member_changed', { organizationId, member: personOf(p), role, actor: null });

  const programChanged = (programId: string, organizationId: string, templateVersion: number | null) =>
    orgEvent('program.changed', {
      programId,
      organizationId,
      name: 'Spring cohort',
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      templateVersion,
      riskRules: { ...DEFAULT_RISK_RULES },
      registrationOpen: true,
      archived: false,
    });

  async function pinTemplate(c: Cohort, version: number | null): Promise<void> {
    await publish([programChanged(c.programId, c.organizationId, version)]);
    await until('the program pins the version', async () => {
      const venture = await c.founder.browser.call('GET', `/api/ventures/${c.ventureId}`);
      return (venture.body?.template?.availableVersion ?? null) === version;
    });
  }

  async function cohort(options: { mentorAssigned?: boolean } = {}): Promise<Cohort> {
    const [orgAdmin, programManager, mentor, founder] = await Promise.all([
      platform.newUser(),
      platform.newUser(),
      platform.newUser(),
      platform.newUser(),
    ]);
    const organizationId = hex24();
    const programId = hex24();
    const slug = `org-${organizationId.slice(0, 12)}`;
    await publish([
      orgEvent('organization.updated', {
        organizationId,
        slug,
        name: 'Harbour Accelerator',
        plan: 'free',
        isActive: true,
      }),
      programChanged(programId, organizationId, null),
      member(organizationId, orgAdmin, 'orgAdmin'),
      member(organizationId, programManager, 'programManager'),
      member(organizationId, mentor, 'mentor'),
      member(organizationId, founder, 'founder'),
      orgEvent('program.founder_enrolled', { programId, organizationId, founder: personOf(founder) }),
    ]);
    await until('the founder is enrolled', async () => {
      const mine = await founder.browser.call('GET', '/api/enrolments');
      return mine.status === 200 && mine.body.length === 1;
    });
    await until('the staff are known', async () => {
      const dashboard = await programManager.browser.call('GET', `/api/programs/${programId}/dashboard`);
      const mentorSide = await mentor.browser.call('GET', `/api/programs/${programId}/dashboard`);
      const admin = await orgAdmin.browser.call('GET', `/api/programs/${programId}/dashboard`);
      return dashboard.status === 200 && mentorSide.status === 403 && admin.status === 200;
    });
    const created = await founder.browser.call('POST', '/api/ventures', {
      name: `Venture ${hex24().slice(0, 6)}`,
    });
    expect(created.status).toBe(201);
    const tasks = created.body.tasks as Array<{ id: string; prerequisiteIds: string[] }>;
    const free = tasks.filter((t) => t.prerequisiteIds.length === 0);
    const doneTaskId = free[0]!.id;
    for (const status of ['in_progress', 'done']) {
      const moved = await founder.browser.call('PATCH', `/api/venture-tasks/${doneTaskId}`, { status });
      expect(moved.status).toBe(200);
    }
    if (options.mentorAssigned !== false) {
      const assigned = await programManager.browser.call(
        'PUT',
        `/api/programs/${programId}/ventures/${created.body.id}/mentors`,
        { mentorIds: [mentor.user.id] },
      );
      expect(assigned.status).toBe(200);
    }
    return {
      organizationId,
      slug,
      programId,
      orgAdmin,
      programManager,
      mentor,
      founder,
      ventureId: created.body.id as string,
      doneTaskId,
      todoTaskId: free[1]!.id,
    };
  }

  return { platform, administrator, cohort, pinTemplate, close: () => platform.close() };
}

// ---- The callers of the venture-side access matrices (cohort and template routes) ----------------------------

export type Caller =
  'visitor' | 'founder' | 'otherFounder' | 'mentor' | 'programManager' | 'orgAdmin' | 'platformAdmin';
export const CALLERS: readonly Caller[] = [
  'visitor',
  'founder',
  'otherFounder',
  'mentor',
  'programManager',
  'orgAdmin',
  'platformAdmin',
];

/** Who calls as `caller` for cohort `c`; `otherFounder` is a founder of `otherOrganization`. */
export function browserOf(cp: CohortPlatform, otherOrganization: Cohort, c: Cohort, caller: Caller): Browser {
  switch (caller) {
    case 'visitor':
      return new Browser(cp.platform.base);
    case 'otherFounder':
      return otherOrganization.founder.browser;
    case 'platformAdmin':
      return cp.administrator;
    default:
      return c[caller].browser;
  }
}

/** The routes the gateway does not send to the venture service (none may be, for these matrices). */
export function notRoutedToVenture<R extends { path: string }>(routes: readonly R[]): R[] {
  const prefixes = routeTable.filter((r) => r.service === 'venture').map((r) => r.prefix);
  return routes.filter((route) => !prefixes.some((p) => route.path === p || route.path.startsWith(`${p}/`)));
}
