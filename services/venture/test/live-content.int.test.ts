import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ventureExportSchema, type TaskStatus } from '@app/contracts';
import { TASK_GUIDES, type TaskGuide } from '../src/content/task-guides.ts';
import { seedTaskTemplates } from '../src/domain/seed-task-templates.ts';
import { serviceMarkModel, taskTemplateModel } from '../src/store/task-template.model.ts';
import { createTaskTemplateRepository } from '../src/store/task-template.repository.ts';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';

/*
 * Issue 21: content updates reach running ventures. A venture keeps its task ids, statuses, dates and
 * prerequisites; its tasks' titles and descriptions come from the current templates, which the seed keeps in
 * line with the guides (an administrator's edits win).
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
  description: string;
  status: TaskStatus;
  dueDate: string | null;
  prerequisiteIds: string[];
}

async function createVenture(user: TestUser, name: string): Promise<{ id: string; tasks: Task[] }> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; tasks: Task[] };
}

async function tasksOf(user: TestUser, ventureId: string): Promise<Task[]> {
  const res = await h.call('GET', `/api/ventures/${ventureId}`, { as: user });
  expect(res.status).toBe(200);
  return (res.body as { tasks: Task[] }).tasks;
}

const byTemplate = (tasks: Task[], templateId: number) => tasks.find((task) => task.taskId === templateId)!;

/** The guides with some changed, as a later release of the content would have them. */
function corrected(changes: Record<number, Partial<TaskGuide>>): TaskGuide[] {
  return TASK_GUIDES.map((guide) => ({ ...guide, ...changes[guide.id] }));
}

const rawTemplate = (id: number) =>
  h.mongo.connection.collection('task_templates').findOne({ _id: id as unknown as never });

describe('a corrected guide', () => {
  it('shows its new title and summary on a venture created before the correction, with statuses, dates and prerequisites unchanged', async () => {
    const founder = h.newUser();
    const venture = await createVenture(founder, 'Before the correction');
    const interviews = byTemplate(venture.tasks, 3);
    expect(interviews.title).toBe('Run customer discovery interviews');
    for (const status of ['in_progress', 'done']) {
      const change = await h.call('PATCH', `/api/venture-tasks/${byTemplate(venture.tasks, 1).id}`, {
        as: founder,
        body: { status },
      });
      expect(change.status).toBe(200);
    }
    const started = await h.call('PATCH', `/api/venture-tasks/${interviews.id}`, {
      as: founder,
      body: { status: 'in_progress' },
    });
    expect(started.status).toBe(200);
    const dated = await h.call('PUT', `/api/venture-tasks/${interviews.id}/dates`, {
      as: founder,
      body: { startDate: '2027-03-01', dueDate: '2027-03-20' },
    });
    expect(dated.status).toBe(200);
    const before = await tasksOf(founder, venture.id);

    // The next release corrects guide 3's title and summary; the service starts and seeds again.
    const title = 'Interview 15 or more potential customers';
    const summary =
      'Talk to at least 15 target customers about what they did last time, not about your idea.';
    expect(await seedTaskTemplates(h.ctx, corrected({ 3: { title, summary } }))).toEqual({
      inserted: 0,
      updated: 1,
    });

    const after = await tasksOf(founder, venture.id);
    expect(byTemplate(after, 3)).toEqual({ ...byTemplate(before, 3), title, description: summary });
    expect(byTemplate(after, 3)).toMatchObject({ status: 'in_progress', dueDate: '2027-03-20' });
    // Nothing else moved: same ids, statuses, dates, prerequisites, and the other titles as they were.
    expect(after.filter((task) => task.taskId !== 3)).toEqual(before.filter((task) => task.taskId !== 3));
    // The stored copy is untouched (it is only the fallback).
    const raw = await h.rawVenture(venture.id);
    const stored = (raw!.tasks as Array<{ taskId: number; title: string }>).find((task) => task.taskId === 3);
    expect(stored!.title).toBe('Run customer discovery interviews');

    // Every other answer that names the task shows the current title.
    const json = await h.call('GET', `/api/ventures/${venture.id}/export.json`, { as: founder });
    const exported = ventureExportSchema.parse(json.body);
    expect(exported.tasks.find((task) => task.id === interviews.id)!.title).toBe(title);
    const csv = await h.call('GET', `/api/ventures/${venture.id}/export.csv`, { as: founder });
    expect(csv.body as string).toContain(title);
    expect(csv.body as string).not.toContain('Run customer discovery interviews');
    const feed = await h.call('POST', '/api/calendar-feed', { as: founder });
    const ics = await h.call('GET', new URL((feed.body as { url: string }).url).pathname);
    expect((ics.body as string).replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${title}`);
    const own = await h.call('GET', `/internal/users/${founder.id}/venture-data`, { as: 'service' });
    expect(JSON.stringify(own.body)).toContain(title);

    // A new event names the task as it is now.
    const blocked = await h.call('PATCH', `/api/venture-tasks/${interviews.id}`, {
      as: founder,
      body: { status: 'blocked' },
    });
    expect(blocked.status).toBe(200);
    expect((blocked.body as { task: Task }).task.title).toBe(title);
    await h.eventually(() =>
      h.received.some(
        (event) =>
          event.type === 'task.updated' &&
          (event.data as { taskId?: string; taskTitle?: string }).taskId === interviews.id &&
          (event.data as { taskTitle?: string }).taskTitle === title,
      ),
    );

    // A second seed with the same content changes nothing.
    expect(await seedTaskTemplates(h.ctx, corrected({ 3: { title, summary } }))).toEqual({
      inserted: 0,
      updated: 0,
    });
  }, 30_000);
});

describe("an administrator's edit of a template", () => {
  it('shows on existing ventures, and a later content change leaves the edited field alone', async () => {
    const founder = h.newUser();
    const venture = await createVenture(founder, 'Before the admin edit');
    const edited = await h.call('PATCH', '/internal/task-templates/5', {
      as: 'service',
      body: { title: 'Size your market from the bottom up' },
    });
    expect(edited.status).toBe(200);
    expect(byTemplate(await tasksOf(founder, venture.id), 5)).toMatchObject({
      title: 'Size your market from the bottom up',
      description: TASK_GUIDES[4]!.summary,
      status: 'todo',
    });
    expect((await rawTemplate(5))!.editedFields).toEqual(['title']);

    // The content changes both the title and the summary of guide 5: the administrator's title wins, the
    // summary (which they did not touch) follows the content.
    const summary = 'Count the customers you could reach and multiply by a price they said they would pay.';
    // (Guide 3 goes back to its original text too: this content does not carry the correction above.)
    const seeded = await seedTaskTemplates(
      h.ctx,
      corrected({ 5: { title: 'Estimate your market size', summary } }),
    );
    expect(seeded.inserted).toBe(0);
    expect(seeded.updated).toBeGreaterThanOrEqual(1);
    expect(await rawTemplate(5)).toMatchObject({
      title: 'Size your market from the bottom up',
      description: summary,
    });
    expect(byTemplate(await tasksOf(founder, venture.id), 5)).toMatchObject({
      title: 'Size your market from the bottom up',
      description: summary,
    });
  });

  it('sending an unchanged value does not count as an edit', async () => {
    const same = await h.call('PATCH', '/internal/task-templates/6', {
      as: 'service',
      body: { title: TASK_GUIDES[5]!.title, category: TASK_GUIDES[5]!.category },
    });
    expect(same.status).toBe(200);
    expect((await rawTemplate(6))!.editedFields).toEqual([]);
  });

  it('a deleted template leaves its tasks with the copy stored in the venture', async () => {
    const founder = h.newUser();
    await h.call('PATCH', '/internal/task-templates/7', {
      as: 'service',
      body: { title: 'Edited, then gone' },
    });
    const venture = await createVenture(founder, 'Keeps its copy');
    expect(byTemplate(venture.tasks, 7).title).toBe('Edited, then gone');
    expect((await h.call('DELETE', '/internal/task-templates/7', { as: 'service' })).status).toBe(200);
    expect(byTemplate(await tasksOf(founder, venture.id), 7).title).toBe('Edited, then gone');
    // So does the answer to a change, which reads the venture as the change left it.
    const changed = await h.call('PATCH', `/api/venture-tasks/${byTemplate(venture.tasks, 7).id}`, {
      as: founder,
      body: { status: 'in_progress' },
    });
    expect(changed.status).toBe(200);
    expect((changed.body as { task: Task }).task.title).toBe('Edited, then gone');
    // A list of ventures (the account export's) names it the same way, beside a venture fully named by templates.
    await createVenture(founder, 'Named by its templates');
    const own = await h.call('GET', `/internal/users/${founder.id}/venture-data`, { as: 'service' });
    expect(own.status).toBe(200);
    const listed = (own.body as { ventures: Array<{ name: string; tasks: Task[] }> }).ventures;
    expect(listed.map((v) => v.name)).toEqual(['Keeps its copy', 'Named by its templates']);
    expect(byTemplate(listed[0]!.tasks, 7).title).toBe('Edited, then gone');
    expect(byTemplate(listed[0]!.tasks, 8).title).toBe(TASK_GUIDES.find((g) => g.id === 8)!.title);
    expect(listed[1]!.tasks.map((task) => task.taskId)).not.toContain(7);
    // The seed does not bring a deleted standard template back.
    expect((await seedTaskTemplates(h.ctx)).inserted).toBe(0);
    expect(await rawTemplate(7)).toBeNull();
  });
});

describe('templates stored before issue 21', () => {
  it('get their edited fields from what differs from the content, and keep them', async () => {
    const templates = h.mongo.connection.collection('task_templates');
    await templates.updateOne(
      { _id: 8 as unknown as never },
      { $set: { title: 'An administrator’s older title' }, $unset: { editedFields: '' } },
    );
    await templates.updateOne({ _id: 9 as unknown as never }, { $unset: { editedFields: '' } });
    await seedTaskTemplates(h.ctx);
    expect(await rawTemplate(8)).toMatchObject({
      title: 'An administrator’s older title',
      editedFields: ['title'],
    });
    expect(await rawTemplate(9)).toMatchObject({ title: TASK_GUIDES[8]!.title, editedFields: [] });
  });
});

describe('the templates’ text, as roadmap reads take it', () => {
  it('is read again after a change made through another replica’s repository, and kept while nothing changes', async () => {
    const connection = h.mongo.connection;
    const thisReplica = createTaskTemplateRepository(
      taskTemplateModel(connection),
      serviceMarkModel(connection),
    );
    const otherReplica = createTaskTemplateRepository(
      taskTemplateModel(connection),
      serviceMarkModel(connection),
    );
    const first = await thisReplica.textById();
    // Nothing changed: the same text, without reading the templates again.
    expect(await thisReplica.textById()).toBe(first);

    const original = first.get(4)!;
    const title = 'Synthesise jobs, pains and gains from the interviews';
    try {
      await otherReplica.update(4, { title });
      const after = await thisReplica.textById();
      expect(after).not.toBe(first);
      expect(after.get(4)).toEqual({ title, description: original.description });

      const added = await otherReplica.create({
        title: 'Hire a first salesperson',
        description: '',
        category: '',
      });
      expect((await thisReplica.textById()).get(added.id)).toEqual({
        title: 'Hire a first salesperson',
        description: '',
      });
      await otherReplica.delete(added.id);
      expect((await thisReplica.textById()).has(added.id)).toBe(false);
    } finally {
      await otherReplica.update(4, { title: original.title });
    }
    expect((await thisReplica.textById()).get(4)!.title).toBe(original.title);
  });
});
