import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { COHORT_CSV_COLUMNS, planLimitMessage, type EventData } from '@app/contracts';
import { reconcileOrganizations } from '../src/domain/reconcile-organizations.ts';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';
import { institutions } from './support/institutions.ts';

/*
 * Issue 18 through the venture service's HTTP API: enrolments, program staff access to enrolled ventures,
 * the Free plan's limit (this harness runs with the real default, 1), the cohort dashboard and its CSV,
 * mentors and verification, and the cohort scheduler. The organization side is driven by its events.
 */

let h: Harness;
let org: ReturnType<typeof institutions>;
const DAY = 86_400_000;
let offsetMs = 0;

beforeAll(async () => {
  h = await startHarness({ freeVentureLimit: 1, clock: () => new Date(Date.now() + offsetMs) });
  org = institutions(h);
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

afterEach(() => {
  offsetMs = 0;
});

interface Task {
  id: string;
  taskId: number;
  status: string;
  prerequisiteIds: string[];
  verifiedBy: { userId: string; displayName: string } | null;
  verifiedAt: string | null;
}
interface Venture {
  id: string;
  tasks: Task[];
}

async function createVenture(user: TestUser, name = 'Tidal Labs'): Promise<Venture> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as Venture;
}

async function move(user: TestUser, taskId: string, ...statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const res = await h.call('PATCH', `/api/venture-tasks/${taskId}`, { as: user, body: { status } });
    expect(res.status).toBe(200);
  }
}

/** Completes the first `count` tasks that have no prerequisites left open, in roadmap order. */
async function complete(user: TestUser, ventureId: string, count: number): Promise<void> {
  let done = 0;
  while (done < count) {
    const venture = (await h.call('GET', `/api/ventures/${ventureId}`, { as: user })).body as Venture;
    const doneIds = new Set(venture.tasks.filter((t) => t.status === 'done').map((t) => t.id));
    const next = venture.tasks.find(
      (t) => t.status !== 'done' && t.prerequisiteIds.every((id) => doneIds.has(id)),
    );
    if (!next) throw new Error('no task can be completed');
    await move(user, next.id, 'in_progress', 'done');
    done += 1;
  }
}

/** A program with its staff, and one enrolled founder with a venture. */
async function cohortWithOneVenture() {
  const organization = await org.organization();
  const program = await org.program(organization);
  const [admin, manager, mentor, founder] = [h.newUser(), h.newUser(), h.newUser(), h.newUser()];
  await org.member(organization, admin, 'orgAdmin');
  await org.member(organization, manager, 'programManager');
  await org.member(organization, mentor, 'mentor');
  await org.enrol(program, founder);
  const venture = await createVenture(founder);
  return { organization, program, admin, manager, mentor, founder, venture };
}

function eventsOf<T extends keyof EventDataMap>(type: T) {
  return h.received.filter((e) => e.type === type).map((e) => e.data as EventDataMap[T]);
}
type EventDataMap = {
  'program.enrolment_changed': EventData<'program.enrolment_changed'>;
  'organization.audit_recorded': EventData<'organization.audit_recorded'>;
  'venture.at_risk': EventData<'venture.at_risk'>;
  'program.digest_due': EventData<'program.digest_due'>;
};

const NOT_FOUND = { code: 'VENTURE.NOT_FOUND', message: 'Venture not found' };

describe('the read models of the organization events', () => {
  it('a redelivered or older organization event changes nothing', async () => {
    const organization = await org.organization('free', 'First name');
    const newer = await org.publish(
      'organization.updated',
      {
        organizationId: organization.id,
        slug: organization.slug,
        name: 'Renamed',
        plan: 'enterprise',
        isActive: true,
      },
      new Date(Date.now() + 1000),
    );
    // The same event again, then one that happened before it.
    await h.bus.publish([newer]);
    await org.publish(
      'organization.updated',
      {
        organizationId: organization.id,
        slug: organization.slug,
        name: 'Stale',
        plan: 'free',
        isActive: true,
      },
      new Date(Date.now() - 60_000),
    );
    expect(await h.ctx.institutions.organizationById(organization.id)).toEqual({
      id: organization.id,
      slug: organization.slug,
      name: 'Renamed',
      plan: 'enterprise',
      isActive: true,
    });
  });

  it('organizations the service never heard of are read from the organization service at start; a later event still wins', async () => {
    const id = 'f'.repeat(8) + Date.now().toString(16).padStart(16, '0');
    const source = {
      list: async () => [
        { id, slug: `missed-${id}`, name: 'Missed Institute', plan: 'enterprise' as const, isActive: true },
      ],
    };
    expect(await reconcileOrganizations(h.ctx, source, new Date())).toBe(1);
    expect(await h.ctx.institutions.organizationById(id)).toMatchObject({
      name: 'Missed Institute',
      plan: 'enterprise',
    });
    const update = { organizationId: id, slug: `missed-${id}`, isActive: true };
    await org.publish(
      'organization.updated',
      { ...update, name: 'Stale', plan: 'free' },
      new Date(Date.now() - 60_000),
    );
    expect(await h.ctx.institutions.organizationById(id)).toMatchObject({ name: 'Missed Institute' });
    await org.publish(
      'organization.updated',
      { ...update, name: 'Renamed', plan: 'free' },
      new Date(Date.now() + 1000),
    );
    expect(await h.ctx.institutions.organizationById(id)).toMatchObject({ name: 'Renamed', plan: 'free' });
  });

  it('a member who left has no role any more, and a deleted organization takes its programs with it', async () => {
    const { organization, program, manager } = await cohortWithOneVenture();
    await org.member(organization, manager, null);
    expect(await h.ctx.institutions.roleOf(organization.id, manager.id)).toBeNull();
    await org.publish('organization.deleted', { organizationId: organization.id });
    expect(await h.ctx.institutions.programById(program.id)).toBeNull();
  });
});

describe('enrolments', () => {
  it('when an enrolled founder creates a venture, the program follows it and program.enrolment_changed is published', async () => {
    const { program, founder, venture } = await cohortWithOneVenture();
    const mine = await h.call('GET', '/api/enrolments', { as: founder });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        programId: program.id,
        programName: 'Spring cohort',
        ventureId: venture.id,
        visibility: 'full',
        mentors: [],
      }),
    ]);
    const detail = await h.call('GET', `/api/ventures/${venture.id}`, { as: founder });
    expect(detail.body.program).toEqual({
      programId: program.id,
      programName: 'Spring cohort',
      organizationName: 'Harbour Accelerator',
      visibility: 'full',
    });
    await h.eventually(() =>
      eventsOf('program.enrolment_changed').some(
        (e) => e.programId === program.id && e.ventureId === venture.id && e.enrolled,
      ),
    );
  });

  it('the founder switches to progress only, and can leave: the venture stays theirs', async () => {
    const { program, founder, venture } = await cohortWithOneVenture();
    const progressOnly = await h.call('PATCH', `/api/programs/${program.id}/enrolment`, {
      as: founder,
      body: { visibility: 'progress' },
    });
    expect(progressOnly.status).toBe(200);
    expect(progressOnly.body.visibility).toBe('progress');
    const left = await h.call('DELETE', `/api/programs/${program.id}/enrolment`, { as: founder });
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ success: true });
    expect((await h.call('GET', '/api/enrolments', { as: founder })).body).toEqual([]);
    const still = await h.call('GET', `/api/ventures/${venture.id}`, { as: founder });
    expect(still.status).toBe(200);
    expect(still.body.program).toBeNull();
    const again = await h.call('DELETE', `/api/programs/${program.id}/enrolment`, { as: founder });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'PROGRAM.NOT_FOUND', message: 'Program not found' });
  });

  it('when the enrolled venture is deleted, the program waits for the founder’s next venture', async () => {
    const { program, founder, venture } = await cohortWithOneVenture();
    expect((await h.call('DELETE', `/api/ventures/${venture.id}`, { as: founder })).status).toBe(200);
    expect((await h.call('GET', '/api/enrolments', { as: founder })).body).toEqual([
      expect.objectContaining({ programId: program.id, ventureId: null }),
    ]);
    const next = await createVenture(founder, 'Second try');
    expect((await h.call('GET', '/api/enrolments', { as: founder })).body).toEqual([
      expect.objectContaining({ programId: program.id, ventureId: next.id }),
    ]);
  });

  it('a redelivered founder_enrolled event does not enrol a founder who left again', async () => {
    const organization = await org.organization();
    const program = await org.program(organization);
    const founder = h.newUser();
    const enrolled = await org.enrol(program, founder);
    await h.call('DELETE', `/api/programs/${program.id}/enrolment`, { as: founder });
    await h.bus.publish([enrolled]);
    await h.eventually(async () => (await h.ctx.institutions.wasApplied(enrolled.id)) === true);
    expect((await h.call('GET', '/api/enrolments', { as: founder })).body).toEqual([]);
  });

  it('the founder may pick only a venture they own; someone else’s is 404 and nothing changes', async () => {
    const { program, founder } = await cohortWithOneVenture();
    const other = h.newUser();
    const theirs = await createVenture(other, 'Not yours');
    const res = await h.call('PATCH', `/api/programs/${program.id}/enrolment`, {
      as: founder,
      body: { ventureId: theirs.id },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    const unknownProgram = await h.call('PATCH', `/api/programs/${'a'.repeat(24)}/enrolment`, {
      as: founder,
      body: { visibility: 'full' },
    });
    expect(unknownProgram.status).toBe(404);
    expect(unknownProgram.body.code).toBe('PROGRAM.NOT_FOUND');
  });
});

describe('program staff on an enrolled venture', () => {
  it('a program manager reads it read-only; progress only hides its tasks and team', async () => {
    const { program, manager, founder, venture } = await cohortWithOneVenture();
    const full = await h.call('GET', `/api/ventures/${venture.id}`, { as: manager });
    expect(full.status).toBe(200);
    expect(full.body.tasks).toHaveLength(50);
    expect(full.body.role).toBe('viewer');
    expect(full.body.staffAccess).toEqual({
      kind: 'programManager',
      canComment: false,
      canVerify: false,
      tasksVisible: true,
    });
    const change = await h.call('PATCH', `/api/venture-tasks/${venture.tasks[0]!.id}`, {
      as: manager,
      body: { status: 'in_progress' },
    });
    expect(change.status).toBe(404);
    expect(change.body.code).toBe('TASK.NOT_FOUND');

    await h.call('PATCH', `/api/programs/${program.id}/enrolment`, {
      as: founder,
      body: { visibility: 'progress' },
    });
    const hidden = await h.call('GET', `/api/ventures/${venture.id}`, { as: manager });
    expect(hidden.status).toBe(200);
    expect(hidden.body.tasks).toEqual([]);
    expect(hidden.body.members).toEqual([]);
    expect(hidden.body.progress.total).toBe(50);
    expect(hidden.body.staffAccess.tasksVisible).toBe(false);
  });

  it('a mentor reads only the ventures assigned to them; others are 404 exactly as for an outsider', async () => {
    const { program, manager, mentor, venture } = await cohortWithOneVenture();
    const before = await h.call('GET', `/api/ventures/${venture.id}`, { as: mentor });
    expect(before.status).toBe(404);
    expect(before.body).toEqual(NOT_FOUND);
    const assign = await h.call('PUT', `/api/programs/${program.id}/ventures/${venture.id}/mentors`, {
      as: manager,
      body: { mentorIds: [mentor.id] },
    });
    expect(assign.status).toBe(200);
    const after = await h.call('GET', `/api/ventures/${venture.id}`, { as: mentor });
    expect(after.status).toBe(200);
    expect(after.body.staffAccess).toEqual({
      kind: 'mentor',
      canComment: true,
      canVerify: true,
      tasksVisible: true,
    });
    const comment = await h.call('POST', `/api/venture-tasks/${venture.tasks[0]!.id}/comments`, {
      as: mentor,
      body: { body: 'Book the legal clinic for this.' },
    });
    expect(comment.status).toBe(201);
  });

  it('staff of another organization, and the founder’s peers, get 404; after leaving the program the staff do too', async () => {
    const { program, manager, founder, venture } = await cohortWithOneVenture();
    const elsewhere = await cohortWithOneVenture();
    for (const outsider of [elsewhere.manager, elsewhere.admin, elsewhere.founder]) {
      const res = await h.call('GET', `/api/ventures/${venture.id}`, { as: outsider });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    await h.call('DELETE', `/api/programs/${program.id}/enrolment`, { as: founder });
    const gone = await h.call('GET', `/api/ventures/${venture.id}`, { as: manager });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(NOT_FOUND);
  });

  it('a platform administrator reads enrolled ventures as an org admin', async () => {
    const { venture } = await cohortWithOneVenture();
    const admin = h.newUser();
    h.owners.setAdmin(admin.id, true);
    const res = await h.call('GET', `/api/ventures/${venture.id}`, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body.staffAccess.kind).toBe('programManager');
  });
});

describe('the Free plan limit', () => {
  it('a Free founder’s second venture is refused with 403 VENTURE.PLAN_LIMIT and the way forward; nothing is created', async () => {
    const founder = h.newUser();
    await createVenture(founder, 'First');
    const second = await h.call('POST', '/api/ventures', { as: founder, body: { name: 'Second' } });
    expect(second.status).toBe(403);
    expect(second.body).toEqual({
      code: 'VENTURE.PLAN_LIMIT',
      message: planLimitMessage(1),
      details: { limit: 1 },
    });
    expect((await h.call('GET', '/api/ventures', { as: founder })).body).toHaveLength(1);
  });

  it('a repeated creation request still answers the venture it made', async () => {
    const founder = h.newUser();
    const headers = { 'idempotency-key': 'create-once-1' };
    const first = await h.call('POST', '/api/ventures', { as: founder, body: { name: 'Once' }, headers });
    const again = await h.call('POST', '/api/ventures', { as: founder, body: { name: 'Once' }, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
  });

  it('a member of an Enterprise organization has no limit; when it drops to Free, existing ventures stay usable', async () => {
    const enterprise = await org.organization('enterprise', 'Big University');
    const founder = h.newUser();
    await org.member(enterprise, founder, 'founder');
    await createVenture(founder, 'One');
    const two = await createVenture(founder, 'Two');
    await org.publish('organization.updated', {
      organizationId: enterprise.id,
      slug: enterprise.slug,
      name: enterprise.name,
      plan: 'free',
      isActive: true,
    });
    const third = await h.call('POST', '/api/ventures', { as: founder, body: { name: 'Three' } });
    expect(third.status).toBe(403);
    expect(third.body.code).toBe('VENTURE.PLAN_LIMIT');
    await move(founder, two.tasks[0]!.id, 'in_progress');
    expect((await h.call('GET', `/api/ventures/${two.id}`, { as: founder })).status).toBe(200);
  });
});

describe('the cohort dashboard', () => {
  async function threeVentures() {
    const base = await cohortWithOneVenture();
    const second = h.newUser();
    const third = h.newUser();
    await org.enrol(base.program, second);
    await org.enrol(base.program, third);
    const v2 = await createVenture(second, 'Quiet Co');
    const v3 = await createVenture(third, 'Private Co');
    await complete(base.founder, base.venture.id, 3);
    await complete(third, v3.id, 1);
    await h.call('PATCH', `/api/programs/${base.program.id}/enrolment`, {
      as: third,
      body: { visibility: 'progress' },
    });
    return { ...base, second, third, v2, v3 };
  }

  it('shows a row per enrolled venture with 50 cells matching its roadmap, and none for progress only', async () => {
    const c = await threeVentures();
    const res = await h.call('GET', `/api/programs/${c.program.id}/dashboard`, { as: c.manager });
    expect(res.status).toBe(200);
    expect(res.body.columns).toHaveLength(50);
    expect(res.body.canExport).toBe(true);
    expect(res.body.mentorChoices).toEqual([{ userId: c.mentor.id, displayName: c.mentor.username }]);
    const rows = res.body.rows as Array<{
      ventureId: string;
      cells: Array<{ status: string }> | null;
      progress: { completed: number };
    }>;
    expect(rows.map((r) => r.ventureId).sort()).toEqual([c.venture.id, c.v2.id, c.v3.id].sort());
    const first = rows.find((r) => r.ventureId === c.venture.id)!;
    const roadmap = (await h.call('GET', `/api/ventures/${c.venture.id}`, { as: c.founder })).body as Venture;
    const statusByTaskId = new Map(roadmap.tasks.map((t) => [t.taskId, t.status]));
    const columns = res.body.columns as Array<{ taskId: number }>;
    expect(first.cells!.map((cell) => cell.status)).toEqual(
      columns.map((col) => statusByTaskId.get(col.taskId)),
    );
    expect(first.progress.completed).toBe(3);
    expect(rows.find((r) => r.ventureId === c.v3.id)!.cells).toBeNull();
    expect(res.body.medianProgress).toBe(2);
  });

  it('with the clock moved 15 days, the venture without activity is at risk with its reason', async () => {
    const c = await threeVentures();
    await h.eventually(async () => (await h.ctx.activity.lastActivityOf([c.venture.id])).has(c.venture.id));
    offsetMs = 15 * DAY;
    await move(c.founder, c.venture.tasks.at(-1)!.id, 'in_progress');
    await h.eventually(async () => {
      const last = (await h.ctx.activity.lastActivityOf([c.venture.id])).get(c.venture.id);
      return last !== undefined && last.getTime() > Date.now() + 14 * DAY;
    });
    const res = await h.call('GET', `/api/programs/${c.program.id}/dashboard`, { as: c.admin });
    const rows = res.body.rows as Array<{ ventureId: string; atRisk: boolean; riskReasons: unknown[] }>;
    expect(rows.find((r) => r.ventureId === c.v2.id)).toMatchObject({
      atRisk: true,
      riskReasons: [{ kind: 'inactive', value: 15, text: 'no activity for 15 days' }],
    });
    expect(rows.find((r) => r.ventureId === c.venture.id)).toMatchObject({ atRisk: false, riskReasons: [] });
  });

  it('is 403 to a mentor of the organization and 404 to its founders and to outsiders', async () => {
    const c = await cohortWithOneVenture();
    const mentor = await h.call('GET', `/api/programs/${c.program.id}/dashboard`, { as: c.mentor });
    expect(mentor.status).toBe(403);
    expect(mentor.body.code).toBe('ORGANIZATION.FORBIDDEN');
    for (const caller of [c.founder, h.newUser()]) {
      const res = await h.call('GET', `/api/programs/${c.program.id}/dashboard`, { as: caller });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'PROGRAM.NOT_FOUND', message: 'Program not found' });
    }
  });

  it('exports one CSV row per venture × task, formula-safe, and audits the export', async () => {
    const c = await cohortWithOneVenture();
    const other = h.newUser();
    await org.enrol(c.program, other);
    await createVenture(other, '=HYPERLINK("http://evil")');
    const res = await h.call('GET', `/api/programs/${c.program.id}/export.csv`, { as: c.manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (res.body as string).trim().split('\n');
    expect(lines[0]).toBe(COHORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 100);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil"")"`))).toBe(true);
    expect(lines.some((line) => line.startsWith('=HYPERLINK'))).toBe(false);
    await h.eventually(() =>
      eventsOf('organization.audit_recorded').some(
        (e) =>
          e.action === 'cohort.exported' &&
          e.organizationId === c.organization.id &&
          e.actor.userId === c.manager.id,
      ),
    );
    const mentor = await h.call('GET', `/api/programs/${c.program.id}/export.csv`, { as: c.mentor });
    expect(mentor.status).toBe(403);
    expect(mentor.body.code).toBe('ORGANIZATION.FORBIDDEN');
  });
});

describe('mentors', () => {
  it('are assigned by a program manager (audited), must be mentors of the organization, and see "My ventures"', async () => {
    const c = await cohortWithOneVenture();
    const notMentor = await h.call('PUT', `/api/programs/${c.program.id}/ventures/${c.venture.id}/mentors`, {
      as: c.manager,
      body: { mentorIds: [c.founder.id] },
    });
    expect(notMentor.status).toBe(404);
    expect(notMentor.body).toEqual({ code: 'MENTOR.NOT_FOUND', message: 'Mentor not found' });
    const byMentor = await h.call('PUT', `/api/programs/${c.program.id}/ventures/${c.venture.id}/mentors`, {
      as: c.mentor,
      body: { mentorIds: [c.mentor.id] },
    });
    expect(byMentor.status).toBe(403);
    await h.call('PUT', `/api/programs/${c.program.id}/ventures/${c.venture.id}/mentors`, {
      as: c.manager,
      body: { mentorIds: [c.mentor.id] },
    });
    await h.eventually(() =>
      eventsOf('organization.audit_recorded').some(
        (e) => e.action === 'mentor.assigned' && e.organizationId === c.organization.id,
      ),
    );
    const mine = await h.call('GET', '/api/mentoring/ventures', { as: c.mentor });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        id: c.venture.id,
        programId: c.program.id,
        visibility: 'full',
        atRisk: false,
      }),
    ]);
    expect((await h.call('GET', '/api/mentoring/ventures', { as: c.manager })).body).toEqual([]);
  });

  it('verify a done task, shown to the founder; refused while not done, to members, and cleared when it reopens', async () => {
    const c = await cohortWithOneVenture();
    await h.call('PUT', `/api/programs/${c.program.id}/ventures/${c.venture.id}/mentors`, {
      as: c.manager,
      body: { mentorIds: [c.mentor.id] },
    });
    const task = c.venture.tasks.find((t) => t.taskId === c.venture.tasks[0]!.taskId)!;
    const early = await h.call('POST', `/api/venture-tasks/${task.id}/verification`, { as: c.mentor });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ code: 'TASK.NOT_DONE', message: 'Only a done task can be verified.' });
    await move(c.founder, task.id, 'in_progress', 'done');
    const byFounder = await h.call('POST', `/api/venture-tasks/${task.id}/verification`, { as: c.founder });
    expect(byFounder.status).toBe(403);
    expect(byFounder.body.code).toBe('VENTURE.FORBIDDEN');
    const byManager = await h.call('POST', `/api/venture-tasks/${task.id}/verification`, { as: c.manager });
    expect(byManager.status).toBe(403);
    const verified = await h.call('POST', `/api/venture-tasks/${task.id}/verification`, { as: c.mentor });
    expect(verified.status).toBe(200);
    expect(verified.body.verifiedBy).toEqual({ userId: c.mentor.id, displayName: c.mentor.username });
    const seen = (await h.call('GET', `/api/ventures/${c.venture.id}`, { as: c.founder })).body as Venture;
    expect(seen.tasks.find((t) => t.id === task.id)!.verifiedBy).toEqual(verified.body.verifiedBy);
    await move(c.founder, task.id, 'todo');
    const reopened = (await h.call('GET', `/api/ventures/${c.venture.id}`, { as: c.founder }))
      .body as Venture;
    expect(reopened.tasks.find((t) => t.id === task.id)).toMatchObject({
      verifiedBy: null,
      verifiedAt: null,
    });
  });
});

describe('the cohort scheduler', () => {
  async function tick() {
    const { runCohortTick } = await import('../src/domain/run-cohort-tick.ts');
    return runCohortTick(h.ctx, { correlationId: 'tick-test' });
  }

  it('takes one snapshot per program and week with one digest per manager and admin, however often it runs', async () => {
    const c = await cohortWithOneVenture();
    await tick();
    await tick();
    await h.eventually(
      () => eventsOf('program.digest_due').filter((e) => e.programId === c.program.id).length >= 2,
    );
    const digests = eventsOf('program.digest_due').filter((e) => e.programId === c.program.id);
    expect(digests.map((d) => d.recipient.userId).sort()).toEqual([c.admin.id, c.manager.id].sort());
    expect(digests[0]).toMatchObject({ ventureCount: 1, medianProgress: 0, atRisk: [] });
    offsetMs = 7 * DAY;
    await tick();
    const dashboard = await h.call('GET', `/api/programs/${c.program.id}/dashboard`, { as: c.manager });
    expect(dashboard.body.trend).toHaveLength(2);
  });

  it('e-mails the assigned mentors once per at-risk episode', async () => {
    const c = await cohortWithOneVenture();
    await h.call('PUT', `/api/programs/${c.program.id}/ventures/${c.venture.id}/mentors`, {
      as: c.manager,
      body: { mentorIds: [c.mentor.id] },
    });
    const mine = () => eventsOf('venture.at_risk').filter((e) => e.ventureId === c.venture.id);
    offsetMs = 15 * DAY;
    await tick();
    await tick();
    await h.eventually(() => mine().length === 1);
    expect(mine()[0]).toMatchObject({
      programId: c.program.id,
      reasons: [{ kind: 'inactive', value: 15, text: 'no activity for 15 days' }],
      notify: [{ userId: c.mentor.id, email: c.mentor.username, displayName: c.mentor.username }],
    });
    // Activity ends the episode; silence starts a new one, reported again.
    await move(c.founder, c.venture.tasks[0]!.id, 'in_progress');
    await h.eventually(
      async () =>
        ((await h.ctx.activity.lastActivityOf([c.venture.id])).get(c.venture.id)?.getTime() ?? 0) >
        Date.now() + DAY,
    );
    await tick();
    offsetMs = 30 * DAY;
    await tick();
    await h.eventually(() => mine().length === 2);
  });
});
