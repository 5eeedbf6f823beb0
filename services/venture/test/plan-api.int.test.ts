import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openSealedText } from '@app/common';
import {
  addDays,
  invitationTokenFromHash,
  todayIn,
  userVentureDataSchema,
  VENTURE_EXPORT_CSV_COLUMNS,
  ventureExportSchema,
  type VentureRole,
} from '@app/contracts';
import { parse } from 'csv-parse/sync';
import { Types } from 'mongoose';
import { standardPrerequisitesOf } from '../src/content/task-prerequisites.ts';
import { nextReminderOn } from '../src/domain/reminder-schedule.ts';
import { SECRET, startHarness, type Harness, type TestUser } from './support/harness.ts';

/*
 * Plans with dates (issue 17): task dates, the venture's zone and launch date, completedAt, prerequisites
 * (the curated graph, the 409 on completing too early, cycles), the exports and the account-export data.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

interface Task {
  id: string;
  taskId: number;
  title: string;
  status: string;
  startDate: string | null;
  dueDate: string | null;
  completedAt: string | null;
  prerequisiteIds: string[];
}
interface Venture {
  id: string;
  name: string;
  timeZone: string;
  targetLaunchDate: string | null;
  tasks: Task[];
}

async function createVenture(user: TestUser, name = 'Dated Rockets', timeZone?: string): Promise<Venture> {
  const res = await h.call('POST', '/api/ventures', {
    as: user,
    body: { name, ...(timeZone ? { timeZone } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body as Venture;
}

async function share(owner: TestUser, ventureId: string, member: TestUser, role: VentureRole): Promise<void> {
  const invited = await h.call('POST', `/api/ventures/${ventureId}/invitations`, {
    as: owner,
    body: { email: member.username, role },
  });
  expect(invited.status).toBe(201);
  const mine = () =>
    h.received.filter(
      (e) =>
        e.type === 'venture.member_invited' &&
        (e.data as { ventureId: string; inviteeEmail: string }).ventureId === ventureId &&
        (e.data as { inviteeEmail: string }).inviteeEmail === member.username,
    );
  await h.eventually(() => mine().length > 0);
  const url = openSealedText((mine().at(-1)!.data as { sealedAcceptUrl: string }).sealedAcceptUrl, SECRET)!;
  const token = invitationTokenFromHash(new URL(url).hash)!;
  const accepted = await h.call('POST', '/api/invitations/accept', { as: member, body: { token } });
  expect(accepted.status).toBe(200);
}

async function team() {
  const owner = h.newUser();
  const editor = h.newUser();
  const viewer = h.newUser();
  const outsider = h.newUser();
  const venture = await createVenture(owner);
  await share(owner, venture.id, editor, 'editor');
  await share(owner, venture.id, viewer, 'viewer');
  return { owner, editor, viewer, outsider, venture };
}

const byTemplate = (venture: Venture, templateId: number) =>
  venture.tasks.find((t) => t.taskId === templateId)!;

async function rawTask(ventureId: string, taskId: string): Promise<Record<string, unknown>> {
  const raw = (await h.rawVenture(ventureId)) as { tasks: Array<Record<string, unknown>> };
  return raw.tasks.find((t) => String(t._id) === taskId)!;
}

async function move(user: TestUser, taskId: string, status: string) {
  return h.call('PATCH', `/api/venture-tasks/${taskId}`, { as: user, body: { status } });
}

const today = () => todayIn('UTC', new Date());

describe('dates', () => {
  it('editors and owners set a task’s dates; the reminder schedule is stored with them', async () => {
    const { owner, editor, venture } = await team();
    const task = byTemplate(venture, 1);
    const due = addDays(today(), 10);
    const res = await h.call('PUT', `/api/venture-tasks/${task.id}/dates`, {
      as: editor,
      body: { startDate: today(), dueDate: due },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, startDate: today(), dueDate: due, status: 'todo' });
    // Ten days out: the 7-day reminder is the next one.
    expect((await rawTask(venture.id, task.id)).nextReminderOn).toBe(addDays(due, -7));

    const cleared = await h.call('PUT', `/api/venture-tasks/${task.id}/dates`, {
      as: owner,
      body: { startDate: null, dueDate: null },
    });
    expect(cleared.body).toMatchObject({ startDate: null, dueDate: null });
    expect((await rawTask(venture.id, task.id)).nextReminderOn).toBeNull();
    const got = await h.call('GET', `/api/ventures/${venture.id}`, { as: owner });
    expect(got.body.tasks.find((t: Task) => t.id === task.id)).toMatchObject({ dueDate: null });
  });

  it('refuses a start after the due date, a wrong date, a viewer (403) and a non-member (404); nothing changes', async () => {
    const { viewer, editor, outsider, venture } = await team();
    const task = byTemplate(venture, 2);
    const put = (as: TestUser, body: unknown) =>
      h.call('PUT', `/api/venture-tasks/${task.id}/dates`, { as, body });

    const late = await put(editor, { startDate: '2027-03-02', dueDate: '2027-03-01' });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain('The start date must be on or before the due date');
    expect((await put(editor, { startDate: null, dueDate: '2027-02-30' })).status).toBe(400);
    expect((await put(editor, { dueDate: '2027-03-01' })).status).toBe(400);
    expect((await put(editor, { startDate: null, dueDate: { $ne: null } })).status).toBe(400);

    const asViewer = await put(viewer, { startDate: null, dueDate: '2027-03-01' });
    expect([asViewer.status, asViewer.body.code]).toEqual([403, 'VENTURE.FORBIDDEN']);
    const asOutsider = await put(outsider, { startDate: null, dueDate: '2027-03-01' });
    expect([asOutsider.status, asOutsider.body.code]).toEqual([404, 'TASK.NOT_FOUND']);
    const unknown = await h.call('PUT', `/api/venture-tasks/${new Types.ObjectId().toHexString()}/dates`, {
      as: editor,
      body: { startDate: null, dueDate: '2027-03-01' },
    });
    expect(unknown.status).toBe(404);
    expect(await rawTask(venture.id, task.id)).toMatchObject({ startDate: null, dueDate: null });
  });

  it('moving the due date re-arms every reminder; changing only the start date keeps what was sent', async () => {
    const { owner, venture } = await team();
    const task = byTemplate(venture, 3);
    const due = addDays(today(), 1);
    const put = (body: unknown) => h.call('PUT', `/api/venture-tasks/${task.id}/dates`, { as: owner, body });
    expect((await put({ startDate: null, dueDate: due })).status).toBe(200);
    expect((await rawTask(venture.id, task.id)).nextReminderOn).toBe(today());
    // As the scheduler marks a reminder sent.
    await h.Venture.collection.updateOne(
      { _id: new Types.ObjectId(venture.id), 'tasks._id': new Types.ObjectId(task.id) },
      { $set: { 'tasks.$.remindedFor': { due_tomorrow: due }, 'tasks.$.nextReminderOn': addDays(due, 1) } },
    );
    expect((await put({ startDate: today(), dueDate: due })).status).toBe(200);
    expect(await rawTask(venture.id, task.id)).toMatchObject({
      remindedFor: { due_tomorrow: due },
      nextReminderOn: addDays(due, 1),
    });
    const later = addDays(today(), 30);
    expect((await put({ startDate: today(), dueDate: later })).status).toBe(200);
    const moved = await rawTask(venture.id, task.id);
    expect(moved.remindedFor).toEqual({});
    expect(moved.nextReminderOn).toBe(addDays(later, -7));
  });

  it('the dates write matches only the due date as read; the prerequisites write only the lists as read', async () => {
    const { owner, venture } = await team();
    const task = byTemplate(venture, 8);
    const dates = {
      ventureId: venture.id,
      actorId: owner.id,
      taskId: task.id,
      startDate: null,
      dueDate: '2027-05-05',
      dueDateChanged: true,
      nextReminderOn: '2027-04-28',
    };
    expect(await h.ctx.ventures.setTaskDates({ ...dates, previousDueDate: '2027-01-01' })).toBeNull();
    expect((await rawTask(venture.id, task.id)).dueDate).toBeNull();
    expect(await h.ctx.ventures.setTaskDates({ ...dates, previousDueDate: null })).not.toBeNull();
    expect((await rawTask(venture.id, task.id)).dueDate).toBe('2027-05-05');

    const lists = venture.tasks.map((t) => ({ taskId: t.id, prerequisiteIds: t.prerequisiteIds }));
    const change = { ventureId: venture.id, actorId: owner.id, taskId: byTemplate(venture, 1).id };
    // Read before task 8's list changed: 1 ← 8 would close 1 → 8 → 7 → 4 → 3 → 2 → 1 with a stale graph.
    const stale = lists.map((l) => (l.taskId === task.id ? { ...l, prerequisiteIds: [] } : l));
    expect(
      await h.ctx.ventures.setPrerequisites({ ...change, prerequisiteIds: [task.id], expected: stale }),
    ).toBeNull();
    expect((await rawTask(venture.id, byTemplate(venture, 1).id)).prerequisiteIds).toEqual([]);
    expect(
      await h.ctx.ventures.setPrerequisites({
        ...change,
        prerequisiteIds: [byTemplate(venture, 5).id],
        expected: lists,
      }),
    ).not.toBeNull();
  });

  it('owners set the venture’s time zone and target launch date; editors cannot', async () => {
    const { owner, editor, venture } = await team();
    expect(venture.timeZone).toBe('UTC');
    const zoned = await createVenture(owner, 'Zoned', 'Europe/Berlin');
    expect(zoned.timeZone).toBe('Europe/Berlin');

    const res = await h.call('PATCH', `/api/ventures/${venture.id}`, {
      as: owner,
      body: { timeZone: 'America/New_York', targetLaunchDate: '2027-06-01' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: 'America/New_York', targetLaunchDate: '2027-06-01' });
    const cleared = await h.call('PATCH', `/api/ventures/${venture.id}`, {
      as: owner,
      body: { targetLaunchDate: null },
    });
    expect(cleared.body).toMatchObject({ timeZone: 'America/New_York', targetLaunchDate: null });
    expect(
      (await h.call('PATCH', `/api/ventures/${venture.id}`, { as: owner, body: { timeZone: 'Mars/Base' } }))
        .status,
    ).toBe(400);
    const asEditor = await h.call('PATCH', `/api/ventures/${venture.id}`, {
      as: editor,
      body: { timeZone: 'UTC' },
    });
    expect(asEditor.status).toBe(403);
  });
});

describe('the venture’s time zone', () => {
  it('a new zone recomputes every task’s reminder day in the same write', async () => {
    const { owner, venture } = await team();
    const task = byTemplate(venture, 6);
    const due = addDays(today(), 9);
    await h.call('PUT', `/api/venture-tasks/${task.id}/dates`, {
      as: owner,
      body: { startDate: null, dueDate: due },
    });
    // A stale day, as if computed under another zone.
    await h.Venture.collection.updateOne(
      { _id: new Types.ObjectId(venture.id), 'tasks._id': new Types.ObjectId(task.id) },
      { $set: { 'tasks.$.nextReminderOn': '2000-01-01' } },
    );
    const zone = 'Pacific/Kiritimati';
    const res = await h.call('PATCH', `/api/ventures/${venture.id}`, { as: owner, body: { timeZone: zone } });
    expect(res.status).toBe(200);
    expect((await rawTask(venture.id, task.id)).nextReminderOn).toBe(
      nextReminderOn({ dueDate: due, status: 'todo', remindedFor: {} }, todayIn(zone, new Date())),
    );
    expect((await rawTask(venture.id, byTemplate(venture, 7).id)).nextReminderOn).toBeNull();
  });
});

describe('completedAt', () => {
  it('is set when a task becomes done and cleared when it leaves done; a done task has no reminder left', async () => {
    const { editor, venture } = await team();
    const task = byTemplate(venture, 1);
    await h.call('PUT', `/api/venture-tasks/${task.id}/dates`, {
      as: editor,
      body: { startDate: null, dueDate: addDays(today(), 3) },
    });
    expect((await move(editor, task.id, 'in_progress')).body.task.completedAt).toBeNull();
    const before = Date.now();
    const done = await move(editor, task.id, 'done');
    expect(done.status).toBe(200);
    const completedAt = Date.parse(done.body.task.completedAt);
    expect(completedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(completedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await rawTask(venture.id, task.id)).nextReminderOn).toBeNull();

    const reset = await move(editor, task.id, 'todo');
    expect(reset.body.task.completedAt).toBeNull();
    expect((await rawTask(venture.id, task.id)).nextReminderOn).toBe(addDays(today(), 2));
  });
});

describe('prerequisites', () => {
  it('a new venture gets the curated graph, mapped to its own task ids', async () => {
    const owner = h.newUser();
    const venture = await createVenture(owner);
    for (const task of venture.tasks) {
      const expected = standardPrerequisitesOf(task.taskId).map(
        (templateId) => byTemplate(venture, templateId).id,
      );
      expect(task.prerequisiteIds).toEqual(expected);
    }
    expect(byTemplate(venture, 18).prerequisiteIds).toEqual([byTemplate(venture, 17).id]);
  });

  it('completing with an open prerequisite answers 409 with the list; starting is allowed; completing the prerequisite enables it', async () => {
    const { owner, editor, venture } = await team();
    const first = byTemplate(venture, 1);
    const second = byTemplate(venture, 2);
    expect(second.prerequisiteIds).toEqual([first.id]);

    expect((await move(editor, second.id, 'in_progress')).status).toBe(200);
    expect((await move(editor, first.id, 'in_progress')).status).toBe(200);
    const refused = await move(editor, second.id, 'done');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'TASK.PREREQUISITES_OPEN',
      message: `Waiting on: ${first.title} (In Progress)`,
      details: { openPrerequisites: [{ id: first.id, title: first.title, status: 'in_progress' }] },
    });
    expect(await rawTask(venture.id, second.id)).toMatchObject({ status: 'in_progress', completedAt: null });
    // Blocking and unblocking stay allowed.
    expect((await move(editor, second.id, 'blocked')).status).toBe(200);
    expect((await move(editor, second.id, 'in_progress')).status).toBe(200);

    expect((await move(owner, first.id, 'done')).status).toBe(200);
    const completed = await move(editor, second.id, 'done');
    expect(completed.status).toBe(200);
    expect(completed.body.task.status).toBe('done');
    expect(completed.body.progress).toMatchObject({ completed: 2 });
  });

  it('the completion write itself checks the prerequisites: one reopened after the read makes it match nothing', async () => {
    const { owner, venture } = await team();
    const first = byTemplate(venture, 1);
    const second = byTemplate(venture, 2);
    await move(owner, first.id, 'in_progress');
    await move(owner, first.id, 'done');
    await move(owner, second.id, 'in_progress');
    // Read with the prerequisite done; it is reopened before the write.
    await move(owner, first.id, 'todo');
    const change = {
      ventureId: venture.id,
      userId: owner.id,
      taskId: second.id,
      from: 'in_progress' as const,
      to: 'done' as const,
      ownerUsername: owner.username,
      completedAt: new Date(),
      nextReminderOn: null,
    };
    expect(await h.ctx.ventures.changeTaskStatus({ ...change, requireDone: [first.id] }, [])).toBeNull();
    // A prerequisite added after the read makes it match nothing too.
    expect(await h.ctx.ventures.changeTaskStatus({ ...change, requireDone: [] }, [])).toBeNull();
    expect((await rawTask(venture.id, second.id)).status).toBe('in_progress');
  });

  it('editors and owners replace a task’s prerequisites; a cycle, itself or another venture’s task is 400; viewers 403, others 404', async () => {
    const { editor, viewer, outsider, venture } = await team();
    const first = byTemplate(venture, 1);
    const second = byTemplate(venture, 2);
    const fifth = byTemplate(venture, 5);
    const put = (as: TestUser, taskId: string, prerequisiteIds: string[]) =>
      h.call('PUT', `/api/venture-tasks/${taskId}/prerequisites`, { as, body: { prerequisiteIds } });

    // 1 ← 2 is curated: 2 ← 1 closes a loop.
    const loop = await put(editor, first.id, [fifth.id, second.id]);
    expect(loop.status).toBe(400);
    expect(loop.body).toMatchObject({
      code: 'TASK.PREREQUISITE_CYCLE',
      message: `This would make a loop: ${first.title} → ${second.title} → ${first.title}`,
    });
    const self = await put(editor, first.id, [first.id]);
    expect([self.status, self.body.code]).toEqual([400, 'TASK.INVALID_PREREQUISITE']);
    expect(self.body.message).toBe('A task cannot be its own prerequisite.');
    const other = await createVenture(outsider, 'Not yours');
    const foreign = await put(editor, first.id, [other.tasks[0]!.id]);
    expect([foreign.status, foreign.body.code]).toEqual([400, 'TASK.INVALID_PREREQUISITE']);
    expect(foreign.body.message).toBe(`${other.tasks[0]!.id} is not a task of this venture.`);
    expect((await put(editor, first.id, [fifth.id, fifth.id])).status).toBe(400);
    expect((await rawTask(venture.id, first.id)).prerequisiteIds).toEqual([]);

    expect((await put(viewer, first.id, [fifth.id])).status).toBe(403);
    expect((await put(outsider, first.id, [fifth.id])).status).toBe(404);

    // Answered in roadmap order, whatever order they came in.
    const sixth = byTemplate(venture, 6);
    const set = await put(editor, first.id, [sixth.id, fifth.id]);
    expect(set.status).toBe(200);
    expect(set.body.prerequisiteIds).toEqual([fifth.id, sixth.id]);
    // Removing 1 ← 2 makes 2 ← 1 legal.
    expect((await put(editor, second.id, [])).body.prerequisiteIds).toEqual([]);
    expect((await put(editor, first.id, [second.id])).status).toBe(200);
  });

  it('ventures from before issue 17 get the curated graph once; a venture whose owners emptied every list keeps it empty', async () => {
    const owner = h.newUser();
    const legacy = await createVenture(owner, 'From before');
    const emptied = await createVenture(owner, 'Emptied');
    await h.Venture.collection.updateOne(
      { _id: new Types.ObjectId(legacy.id) },
      { $unset: { 'tasks.$[].prerequisiteIds': '' } },
    );
    await h.Venture.collection.updateOne(
      { _id: new Types.ObjectId(emptied.id) },
      { $set: { 'tasks.$[].prerequisiteIds': [] } },
    );
    expect(await h.ctx.ventures.migratePrerequisites(standardPrerequisitesOf)).toBeGreaterThanOrEqual(1);
    expect(await h.ctx.ventures.migratePrerequisites(standardPrerequisitesOf)).toBe(0);
    const migrated = (await h.call('GET', `/api/ventures/${legacy.id}`, { as: owner })).body as Venture;
    expect(migrated.tasks.map((t) => t.prerequisiteIds)).toEqual(legacy.tasks.map((t) => t.prerequisiteIds));
    const untouched = (await h.call('GET', `/api/ventures/${emptied.id}`, { as: owner })).body as Venture;
    expect(untouched.tasks.every((t) => t.prerequisiteIds.length === 0)).toBe(true);
  });
});

describe('exports', () => {
  it('CSV: streamed with the columns, one row per task in roadmap order, statuses, assignee, prerequisites, comments; formulas neutralised', async () => {
    const { owner, editor, viewer, outsider, venture } = await team();
    const first = byTemplate(venture, 1);
    const second = byTemplate(venture, 2);
    await move(owner, first.id, 'in_progress');
    await move(owner, first.id, 'done');
    await move(owner, second.id, 'in_progress');
    await h.call('PUT', `/api/venture-tasks/${second.id}/assignee`, {
      as: owner,
      body: { assigneeId: editor.id },
    });
    await h.call('PUT', `/api/venture-tasks/${second.id}/dates`, {
      as: owner,
      body: { startDate: '2027-01-04', dueDate: '2027-01-15' },
    });
    for (const body of ['First', 'Second']) {
      expect(
        (await h.call('POST', `/api/venture-tasks/${second.id}/comments`, { as: viewer, body: { body } }))
          .status,
      ).toBe(201);
    }
    // Issue 21: tasks show their template's current title, so the formula goes in through the template (an
    // administrator's edit), and is taken back out once the export is read.
    const template = (await h.ctx.templates.findById(3))!;
    await h.ctx.templates.update(3, { title: '=HYPERLINK("http://evil.example","x")' });
    const res = await h.call('GET', `/api/ventures/${venture.id}/export.csv`, { as: viewer });
    await h.ctx.templates.update(3, { title: template.title });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="dated-rockets-roadmap.csv"');
    const rows = parse(res.body as string) as string[][];
    expect(rows[0]).toEqual([...VENTURE_EXPORT_CSV_COLUMNS]);
    const data = rows.slice(1);
    expect(data).toHaveLength(50);
    expect(data.map((row) => Number(row[0]))).toEqual(venture.tasks.map((t) => t.taskId));
    const statuses = data.map((row) => row[3]);
    expect(statuses.filter((s) => s === 'done')).toHaveLength(1);
    expect(statuses[0]).toBe('done');
    expect(statuses[1]).toBe('in_progress');
    expect(statuses.slice(2).every((s) => s === 'todo')).toBe(true);
    expect(Date.parse(data[0]![7]!)).not.toBeNaN();
    expect(data[1]).toEqual([
      '2',
      second.title,
      'Ideation & Market Research',
      'in_progress',
      '2027-01-04',
      '2027-01-15',
      editor.username,
      '',
      first.title,
      '2',
    ]);
    expect(data[2]![1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    // Joined with "; " when there are several.
    expect(data[11]![8]).toBe(`${byTemplate(venture, 9).title}; ${byTemplate(venture, 10).title}`);

    expect((await h.call('GET', `/api/ventures/${venture.id}/export.csv`, { as: outsider })).status).toBe(
      404,
    );
    expect((await h.call('GET', `/api/ventures/${venture.id}/export.csv`, { as: 'anonymous' })).status).toBe(
      401,
    );
  });

  it('JSON: parses with ventureExportSchema, as an attachment; any member, never anyone else', async () => {
    const { owner, viewer, outsider, venture } = await team();
    const res = await h.call('GET', `/api/ventures/${venture.id}/export.json`, { as: viewer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="dated-rockets-roadmap.json"');
    const parsed = ventureExportSchema.parse(res.body);
    expect(parsed.venture).toMatchObject({ id: venture.id, name: 'Dated Rockets', timeZone: 'UTC' });
    expect(parsed.tasks).toHaveLength(50);
    expect(parsed.tasks[1]!.prerequisites).toEqual([byTemplate(venture, 1).title]);
    expect((await h.call('GET', `/api/ventures/${venture.id}/export.json`, { as: outsider })).status).toBe(
      404,
    );
    expect((await h.call('GET', `/api/ventures/${venture.id}/export.json`, { as: owner })).status).toBe(200);
    expect((await h.call('GET', '/api/ventures/nope/export.json', { as: owner })).status).toBe(400);
  });
});

describe('the account export’s venture data (internal)', () => {
  it('holds every venture the user is a member of, with comments and activity, and nothing of anyone else’s', async () => {
    const { owner, viewer, venture } = await team();
    const own = await createVenture(viewer, 'Viewer’s own');
    const stranger = h.newUser();
    const foreign = await createVenture(stranger, 'Someone else’s');
    await h.call('POST', `/api/venture-tasks/${foreign.tasks[0]!.id}/comments`, {
      as: stranger,
      body: { body: 'Not for the viewer' },
    });
    const comment = await h.call('POST', `/api/venture-tasks/${venture.tasks[0]!.id}/comments`, {
      as: viewer,
      body: { body: 'Mine' },
    });
    expect(comment.status).toBe(201);
    await move(owner, venture.tasks[0]!.id, 'in_progress');
    // The history is built from events: wait for the status change and the comment to be recorded.
    await h.eventually(async () => (await h.ctx.activity.listAll(venture.id)).length >= 4);

    expect((await h.call('GET', `/internal/users/${viewer.id}/venture-data`, { as: viewer })).status).toBe(
      403,
    );
    expect((await h.call('GET', `/internal/users/${viewer.id}/venture-data`, { as: 'nobody' })).status).toBe(
      401,
    );
    const res = await h.call('GET', `/internal/users/${viewer.id}/venture-data`, { as: 'service' });
    expect(res.status).toBe(200);
    const data = userVentureDataSchema.parse(res.body);
    expect(data.ventures.map((v) => v.id).sort()).toEqual([venture.id, own.id].sort());
    const shared = data.ventures.find((v) => v.id === venture.id)!;
    expect(shared.role).toBe('viewer');
    expect(shared.tasks).toHaveLength(50);
    expect(shared.members).toHaveLength(3);
    expect(shared.members.map((m) => m.userId)).toEqual(expect.arrayContaining([owner.id, viewer.id]));
    expect(shared.comments.map((c) => c.body)).toEqual(['Mine']);
    expect(shared.activity.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['member.joined', 'task.commented', 'task.status_changed']),
    );
    expect(JSON.stringify(data)).not.toContain(foreign.id);
    expect(JSON.stringify(data)).not.toContain('Not for the viewer');
    const nobody = await h.call('GET', `/internal/users/${new Types.ObjectId().toHexString()}/venture-data`, {
      as: 'service',
    });
    expect(nobody.body).toEqual({ ventures: [] });
  });
});
