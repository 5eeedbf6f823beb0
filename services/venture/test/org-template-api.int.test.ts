import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signIdentity } from '@app/common';
import { CUSTOM_TASK_ID_MIN, type EventData, type OrgTemplateTask } from '@app/contracts';
import { sendDueReminders } from '../src/domain/send-due-reminders.ts';
import { SECRET, startHarness, type Harness, type TestUser } from './support/harness.ts';
import { institutions, type TestOrganization } from './support/institutions.ts';

/*
 * Issue 18, organization task templates through the venture service's HTTP API: the org admin's draft and
 * published versions, roadmaps built from the version a program pins, the guides they show, and an
 * existing venture taking a newer version without losing its work.
 */

let h: Harness;
let org: ReturnType<typeof institutions>;

beforeAll(async () => {
  h = await startHarness();
  org = institutions(h);
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

interface Task {
  id: string;
  taskId: number;
  title: string;
  category: string;
  status: string;
  assigneeId: string | null;
  dueDate: string | null;
}
interface Venture {
  id: string;
  tasks: Task[];
  template: { organizationId: string; version: number | null; availableVersion: number | null } | null;
}

const LEGAL_CLINIC: OrgTemplateTask = {
  key: 'custom-1',
  taskId: null,
  category: 'Team & Legal Structure',
  title: 'Book a session with our legal clinic',
  description: 'Thirty minutes with a volunteer lawyer, free for the cohort.',
  hidden: false,
  guide: {
    why: 'Founders who sort out their legal structure early avoid costly rework.',
    practices: ['Bring your cap table', 'List your open questions'],
    proTip: 'Sessions on Tuesdays fill up first.',
    localResources: 'Book at clinic.example.org',
  },
};

async function orgWithAdmin(): Promise<{ organization: TestOrganization; admin: TestUser }> {
  const organization = await org.organization('enterprise');
  const admin = h.newUser();
  await org.member(organization, admin, 'orgAdmin');
  return { organization, admin };
}

async function draftOf(slug: string, admin: TestUser): Promise<OrgTemplateTask[]> {
  const res = await h.call('GET', `/api/org-templates/${slug}`, { as: admin });
  expect(res.status).toBe(200);
  return res.body.draft as OrgTemplateTask[];
}

/** Adds the legal clinic after the first Team & Legal task, hides task 3 and renames task 1; publishes. */
async function publishCustomVersion(slug: string, admin: TestUser) {
  const draft = await draftOf(slug, admin);
  const firstLegal = draft.findIndex((task) => task.category === 'Team & Legal Structure');
  const tasks = draft.map((task) =>
    task.key === 'master-3'
      ? { ...task, hidden: true }
      : task.key === 'master-1'
        ? { ...task, title: 'Write down the problem you solve' }
        : task,
  );
  tasks.splice(firstLegal + 1, 0, LEGAL_CLINIC);
  const saved = await h.call('PUT', `/api/org-templates/${slug}/draft`, { as: admin, body: { tasks } });
  expect(saved.status).toBe(200);
  const published = await h.call('POST', `/api/org-templates/${slug}/versions`, { as: admin });
  expect(published.status).toBe(201);
  return published.body as { version: number; changes: Record<string, unknown> };
}

async function createVenture(user: TestUser, name = 'Harbour Robotics'): Promise<Venture> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as Venture;
}

describe('the organization template draft', () => {
  it('starts as the master list of 50 tasks, nothing hidden, no version published', async () => {
    const { organization, admin } = await orgWithAdmin();
    const res = await h.call('GET', `/api/org-templates/${organization.slug}`, { as: admin });
    expect(res.status).toBe(200);
    expect(res.body.draft).toHaveLength(50);
    expect(res.body.draft[0]).toMatchObject({ key: 'master-1', taskId: 1, hidden: false, guide: null });
    expect(res.body).toMatchObject({ draftChanged: false, draftUpdatedAt: null, versions: [] });
  });

  it('when the admin saves a custom task, then it gets an id of its own that it keeps on the next save', async () => {
    const { organization, admin } = await orgWithAdmin();
    const draft = await draftOf(organization.slug, admin);
    const first = await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: { tasks: [...draft, LEGAL_CLINIC] },
    });
    expect(first.status).toBe(200);
    const custom = (first.body.draft as OrgTemplateTask[]).find((task) => task.key === 'custom-1')!;
    expect(custom.taskId).toBeGreaterThanOrEqual(CUSTOM_TASK_ID_MIN);
    expect(first.body.draftChanged).toBe(true);
    const again = await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: { tasks: first.body.draft },
    });
    expect((again.body.draft as OrgTemplateTask[]).find((task) => task.key === 'custom-1')!.taskId).toBe(
      custom.taskId,
    );
  });

  it('a custom task without a guide is refused with the reason, and nothing is saved', async () => {
    const { organization, admin } = await orgWithAdmin();
    const draft = await draftOf(organization.slug, admin);
    const res = await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: { tasks: [...draft, { ...LEGAL_CLINIC, guide: null }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'TEMPLATE.INVALID',
      message:
        '“Book a session with our legal clinic” needs a guide: why it matters and at least one practice',
    });
    expect(await draftOf(organization.slug, admin)).toHaveLength(50);
  });

  it('hiding every task is refused', async () => {
    const { organization, admin } = await orgWithAdmin();
    const draft = await draftOf(organization.slug, admin);
    const res = await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: { tasks: draft.map((task) => ({ ...task, hidden: true })) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'TEMPLATE.INVALID',
      message: 'At least one task must stay visible',
    });
  });

  it('operator objects and unknown fields in a draft are refused by validation', async () => {
    const { organization, admin } = await orgWithAdmin();
    const res = await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: { tasks: [{ ...LEGAL_CLINIC, title: { $ne: null } }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST.INVALID');
  });
});

describe('publishing a version', () => {
  it('makes version 1 with the list of changes and records template.published for the audit log', async () => {
    const { organization, admin } = await orgWithAdmin();
    const published = await publishCustomVersion(organization.slug, admin);
    expect(published).toMatchObject({
      version: 1,
      taskCount: 50,
      changes: {
        added: [expect.objectContaining({ title: 'Book a session with our legal clinic' })],
        removed: [expect.objectContaining({ taskId: 3 })],
        renamed: [expect.objectContaining({ taskId: 1, to: 'Write down the problem you solve' })],
      },
    });
    await h.eventually(() =>
      h.received.some(
        (e) =>
          e.type === 'organization.audit_recorded' &&
          (e.data as EventData<'organization.audit_recorded'>).organizationId === organization.id,
      ),
    );
    const audit = h.received.find(
      (e) =>
        e.type === 'organization.audit_recorded' &&
        (e.data as EventData<'organization.audit_recorded'>).organizationId === organization.id,
    )!.data as EventData<'organization.audit_recorded'>;
    expect(audit).toMatchObject({
      action: 'template.published',
      actor: { userId: admin.id },
      target: 'Template version 1',
      details: { version: 1, added: ['Book a session with our legal clinic'] },
    });
    const template = await h.call('GET', `/api/org-templates/${organization.slug}`, { as: admin });
    expect(template.body).toMatchObject({ draftChanged: false, versions: [{ version: 1, taskCount: 50 }] });
  });

  it('publishing again without a change is refused with TEMPLATE.UNCHANGED', async () => {
    const { organization, admin } = await orgWithAdmin();
    await publishCustomVersion(organization.slug, admin);
    const res = await h.call('POST', `/api/org-templates/${organization.slug}/versions`, { as: admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'TEMPLATE.UNCHANGED',
      message: 'Nothing changed since the last published version.',
    });
  });

  it('a published version stays as it was when the draft changes afterwards', async () => {
    const { organization, admin } = await orgWithAdmin();
    await publishCustomVersion(organization.slug, admin);
    const draft = await draftOf(organization.slug, admin);
    await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: {
        tasks: draft.map((task) => (task.key === 'master-2' ? { ...task, title: 'Changed later' } : task)),
      },
    });
    const version = await h.call('GET', `/api/org-templates/${organization.slug}/versions/1`, { as: admin });
    expect(version.status).toBe(200);
    expect((version.body.tasks as OrgTemplateTask[]).find((task) => task.key === 'master-2')!.title).not.toBe(
      'Changed later',
    );
    const missing = await h.call('GET', `/api/org-templates/${organization.slug}/versions/9`, { as: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'TEMPLATE.VERSION_NOT_FOUND',
      message: 'Template version not found',
    });
  });
});

describe("the organization service's list of published versions", () => {
  const path = (organizationId: string) => `/internal/organizations/${organizationId}/template-versions`;
  const asOrganizationService = (secret = 'x', aud = 'venture') => ({
    'x-internal-identity': signIdentity(secret, { sub: null, svc: 'organization', aud }),
  });

  it('lists the versions an organization published, oldest first, with when; none before the first', async () => {
    const { organization, admin } = await orgWithAdmin();
    const none = await h.call('GET', path(organization.id), { as: 'service' });
    expect([none.status, none.body]).toEqual([200, []]);

    await publishCustomVersion(organization.slug, admin);
    const draft = await draftOf(organization.slug, admin);
    await h.call('PUT', `/api/org-templates/${organization.slug}/draft`, {
      as: admin,
      body: { tasks: draft.map((t) => (t.key === 'master-2' ? { ...t, hidden: true } : t)) },
    });
    expect(
      (await h.call('POST', `/api/org-templates/${organization.slug}/versions`, { as: admin })).status,
    ).toBe(201);
    const template = await h.call('GET', `/api/org-templates/${organization.slug}`, { as: admin });
    const listed = await h.call('GET', path(organization.id), { as: 'service' });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      template.body.versions.map((v: { version: number; publishedAt: string }) => ({
        version: v.version,
        publishedAt: v.publishedAt,
      })),
    );
    expect(listed.body.map((v: { version: number }) => v.version)).toEqual([1, 2]);

    // Another organization's versions are not these.
    const other = await orgWithAdmin();
    expect((await h.call('GET', path(other.organization.id), { as: 'service' })).body).toEqual([]);
  });

  it('answers 401 without a valid service identity, 403 to a user, 400 to a malformed id', async () => {
    const { organization } = await orgWithAdmin();
    const nobody = await h.call('GET', path(organization.id), { as: 'nobody' });
    expect([nobody.status, nobody.body.code]).toEqual([401, 'AUTH.INVALID_IDENTITY']);
    const forged = await h.call('GET', path(organization.id), {
      as: 'nobody',
      headers: asOrganizationService('not-the-secret-0123456789-abcdefghij'),
    });
    expect([forged.status, forged.body.code]).toEqual([401, 'AUTH.INVALID_IDENTITY']);
    const misdirected = await h.call('GET', path(organization.id), {
      as: 'nobody',
      headers: asOrganizationService(SECRET, 'auth'),
    });
    expect([misdirected.status, misdirected.body.code]).toEqual([401, 'AUTH.INVALID_IDENTITY']);
    const user = await h.call('GET', path(organization.id), { as: h.newUser() });
    expect([user.status, user.body.code]).toEqual([403, 'AUTH.INTERNAL_ONLY']);
    const malformed = await h.call('GET', path('not-an-id'), { as: 'service' });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'REQUEST.INVALID']);
    expect(JSON.stringify(malformed.body)).toContain('Invalid organization id');
  });
});

describe('roadmaps of a program that pins a version', () => {
  it('a founder of the program gets the version: the custom task with its guide, without the hidden task', async () => {
    const { organization, admin } = await orgWithAdmin();
    const { version } = await publishCustomVersion(organization.slug, admin);
    const program = await org.program(organization, { templateVersion: version });
    const founder = h.newUser();
    await org.enrol(program, founder);
    const venture = await createVenture(founder);
    const titles = venture.tasks.map((task) => task.title);
    expect(venture.tasks).toHaveLength(50);
    expect(titles).toContain('Book a session with our legal clinic');
    expect(venture.tasks.map((task) => task.taskId)).not.toContain(3);
    expect(titles[0]).toBe('Write down the problem you solve');
    expect(venture.template).toEqual({ organizationId: organization.id, version, availableVersion: null });
    // In the version's order: right after the first Team & Legal task.
    const legal = venture.tasks.filter((task) => task.category === 'Team & Legal Structure');
    expect(legal[1]!.title).toBe('Book a session with our legal clinic');
    const clinic = venture.tasks.find((task) => task.title === 'Book a session with our legal clinic')!;
    const guide = await h.call('GET', `/api/ventures/${venture.id}/guides/${clinic.taskId}`, { as: founder });
    expect(guide.status).toBe(200);
    expect(guide.body).toMatchObject({
      title: 'Book a session with our legal clinic',
      why: LEGAL_CLINIC.guide!.why,
      practices: LEGAL_CLINIC.guide!.practices,
      localResources: 'Book at clinic.example.org',
      source: 'organization',
    });
    const all = await h.call('GET', `/api/ventures/${venture.id}/guides`, { as: founder });
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(50);
  });

  it('the cohort dashboard columns are the visible tasks of the pinned version, in its order', async () => {
    const { organization, admin } = await orgWithAdmin();
    const { version } = await publishCustomVersion(organization.slug, admin);
    const program = await org.program(organization, { templateVersion: version });
    const dashboard = await h.call('GET', `/api/programs/${program.id}/dashboard`, { as: admin });
    expect(dashboard.status).toBe(200);
    const columns = dashboard.body.columns as Array<{ taskId: number; title: string }>;
    expect(columns).toHaveLength(50);
    expect(columns.map((column) => column.taskId)).not.toContain(3);
    expect(columns[0]!.title).toBe('Write down the problem you solve');
    expect(columns.some((column) => column.title === 'Book a session with our legal clinic')).toBe(true);
  });

  it('a due-date reminder names a renamed task as the version does', async () => {
    const { organization, admin } = await orgWithAdmin();
    const { version } = await publishCustomVersion(organization.slug, admin);
    const program = await org.program(organization, { templateVersion: version });
    const founder = h.newUser();
    await org.enrol(program, founder);
    const venture = await createVenture(founder);
    const renamed = venture.tasks.find((task) => task.taskId === 1)!;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const dated = await h.call('PUT', `/api/venture-tasks/${renamed.id}/dates`, {
      as: founder,
      body: { startDate: null, dueDate: tomorrow },
    });
    expect(dated.status).toBe(200);
    await sendDueReminders(h.ctx, { correlationId: 'template-reminders' });
    await h.eventually(() =>
      h.received.some(
        (e) => e.type === 'task.reminder_due' && (e.data as { taskId: string }).taskId === renamed.id,
      ),
    );
    const reminder = h.received.find(
      (e) => e.type === 'task.reminder_due' && (e.data as { taskId: string }).taskId === renamed.id,
    )!;
    expect(reminder.data).toMatchObject({ taskTitle: 'Write down the problem you solve' });
  });

  it('a founder outside any program still gets the master 50 with their master guides', async () => {
    const founder = h.newUser();
    const venture = await createVenture(founder);
    expect(venture.tasks).toHaveLength(50);
    expect(venture.template).toBeNull();
    const guide = await h.call('GET', `/api/ventures/${venture.id}/guides/3`, { as: founder });
    expect(guide.body).toMatchObject({ taskId: 3, source: 'master', localResources: '' });
  });

  it('another user asking for a guide of the venture gets 404 as for any venture of someone else', async () => {
    const founder = h.newUser();
    const venture = await createVenture(founder);
    const res = await h.call('GET', `/api/ventures/${venture.id}/guides/1`, { as: h.newUser() });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'VENTURE.NOT_FOUND', message: 'Venture not found' });
  });
});

describe('taking a newer version', () => {
  it('previews the changes, then keeps statuses and dates of the tasks that stay and adds the new ones', async () => {
    const { organization, admin } = await orgWithAdmin();
    const program = await org.program(organization);
    const founder = h.newUser();
    await org.enrol(program, founder);
    const venture = await createVenture(founder);
    expect(venture.template).toBeNull();
    const task2 = venture.tasks.find((task) => task.taskId === 2)!;
    const task3 = venture.tasks.find((task) => task.taskId === 3)!;
    await h.call('PATCH', `/api/venture-tasks/${task2.id}`, { as: founder, body: { status: 'in_progress' } });
    await h.call('PATCH', `/api/venture-tasks/${task3.id}`, { as: founder, body: { status: 'in_progress' } });
    const dates = await h.call('PUT', `/api/venture-tasks/${task2.id}/dates`, {
      as: founder,
      body: { startDate: null, dueDate: '2030-05-01' },
    });
    expect(dates.status).toBe(200);
    const { version } = await publishCustomVersion(organization.slug, admin);
    await org.program(organization, { id: program.id, templateVersion: version });

    const before = (await h.call('GET', `/api/ventures/${venture.id}`, { as: founder })).body as Venture;
    expect(before.template).toEqual({ organizationId: organization.id, version: null, availableVersion: 1 });
    const preview = await h.call('GET', `/api/ventures/${venture.id}/template-update`, { as: founder });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      fromVersion: null,
      toVersion: 1,
      added: [{ title: 'Book a session with our legal clinic', category: 'Team & Legal Structure' }],
      removed: [{ taskId: 3, status: 'in_progress' }],
      renamed: [{ taskId: 1, to: 'Write down the problem you solve' }],
    });

    const applied = await h.call('POST', `/api/ventures/${venture.id}/template-update`, {
      as: founder,
      body: { toVersion: 1 },
    });
    expect(applied.status).toBe(200);
    const after = (await h.call('GET', `/api/ventures/${venture.id}`, { as: founder })).body as Venture;
    expect(after.template).toEqual({ organizationId: organization.id, version: 1, availableVersion: null });
    expect(after.tasks.map((task) => task.taskId)).not.toContain(3);
    const kept = after.tasks.find((task) => task.taskId === 2)!;
    expect(kept).toMatchObject({ id: task2.id, status: 'in_progress', dueDate: '2030-05-01' });
    expect(after.tasks.some((task) => task.title === 'Book a session with our legal clinic')).toBe(true);

    const again = await h.call('GET', `/api/ventures/${venture.id}/template-update`, { as: founder });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'TEMPLATE.UP_TO_DATE' });
  });

  it('applying a version other than the one the program pins changes nothing', async () => {
    const { organization, admin } = await orgWithAdmin();
    const { version } = await publishCustomVersion(organization.slug, admin);
    const program = await org.program(organization);
    const founder = h.newUser();
    await org.enrol(program, founder);
    const venture = await createVenture(founder);
    await org.program(organization, { id: program.id, templateVersion: version });
    const res = await h.call('POST', `/api/ventures/${venture.id}/template-update`, {
      as: founder,
      body: { toVersion: 7 },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'TEMPLATE.VERSION_NOT_FOUND' });
    const after = (await h.call('GET', `/api/ventures/${venture.id}`, { as: founder })).body as Venture;
    expect(after.template?.version).toBeNull();
    expect(after.tasks.map((task) => task.taskId)).toContain(3);
  });

  it('a venture outside any program has nothing to take: 404 TEMPLATE.UP_TO_DATE', async () => {
    const founder = h.newUser();
    const venture = await createVenture(founder);
    const res = await h.call('GET', `/api/ventures/${venture.id}/template-update`, { as: founder });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'TEMPLATE.UP_TO_DATE',
      message: 'This roadmap already follows its program’s template.',
    });
  });
});

describe('who may edit templates', () => {
  it('a program manager gets 403, a founder of the organization and an outsider 404', async () => {
    const { organization } = await orgWithAdmin();
    const manager = h.newUser();
    await org.member(organization, manager, 'programManager');
    const founder = h.newUser();
    await org.member(organization, founder, 'founder');
    const forbidden = await h.call('GET', `/api/org-templates/${organization.slug}`, { as: manager });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'ORGANIZATION.FORBIDDEN' });
    for (const caller of [founder, h.newUser()]) {
      const res = await h.call('GET', `/api/org-templates/${organization.slug}`, { as: caller });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'ORGANIZATION.NOT_FOUND', message: 'Organization not found' });
    }
  });

  it('the platform administrator acts as an org admin', async () => {
    const { organization } = await orgWithAdmin();
    const platformAdmin = h.newUser();
    h.owners.setAdmin(platformAdmin.id, true);
    const res = await h.call('GET', `/api/org-templates/${organization.slug}`, { as: platformAdmin });
    expect(res.status).toBe(200);
  });
});

describe('tasks an administrator adds to the master list', () => {
  it('come with their guide, which new ventures show and the edit form reads back', async () => {
    const guide = {
      why: 'Grants pay for work before investors will.',
      practices: ['List the regional grants', 'Note every deadline'],
      proTip: 'Ask the programme officer before you write.',
    };
    const created = await h.call('POST', '/internal/task-templates', {
      as: 'service',
      body: { title: 'Apply for a regional grant', category: 'Funding & Finance', guide },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hasGuide: true, guide });
    try {
      const founder = h.newUser();
      const venture = await createVenture(founder);
      expect(venture.tasks).toHaveLength(51);
      const res = await h.call('GET', `/api/ventures/${venture.id}/guides/${created.body.id}`, {
        as: founder,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: 'Apply for a regional grant',
        why: guide.why,
        practices: guide.practices,
        proTip: guide.proTip,
        source: 'master',
      });
      const listed = await h.call('GET', '/internal/task-templates', { as: 'service' });
      const standard = (listed.body as Array<{ id: number; hasGuide: boolean; guide: unknown }>).find(
        (template) => template.id === 1,
      );
      expect(standard).toMatchObject({ hasGuide: true, guide: null });
    } finally {
      await h.call('DELETE', `/internal/task-templates/${created.body.id}`, { as: 'service' });
    }
  });
});

describe('a standard task deleted from the master list after a version was published', () => {
  it('keeps its name on the roadmaps that have it, and new roadmaps of the program leave it out', async () => {
    const extra = await h.call('POST', '/internal/task-templates', {
      as: 'service',
      body: { title: 'Register for the regional startup census', category: 'Launch & Marketing' },
    });
    expect(extra.status).toBe(201);
    const { organization, admin } = await orgWithAdmin();
    const { version } = await publishCustomVersion(organization.slug, admin);
    const program = await org.program(organization, { templateVersion: version });
    const early = h.newUser();
    await org.enrol(program, early);
    const before = await createVenture(early);
    expect(before.tasks.map((task) => task.title)).toContain('Register for the regional startup census');

    await h.call('DELETE', `/internal/task-templates/${extra.body.id}`, { as: 'service' });

    const again = (await h.call('GET', `/api/ventures/${before.id}`, { as: early })).body as Venture;
    expect(again.tasks.find((task) => task.taskId === extra.body.id)?.title).toBe(
      'Register for the regional startup census',
    );
    const late = h.newUser();
    await org.enrol(program, late);
    const after = await createVenture(late);
    expect(after.tasks.map((task) => task.taskId)).not.toContain(extra.body.id);
    expect(after.tasks).toHaveLength(50);
  });
});
