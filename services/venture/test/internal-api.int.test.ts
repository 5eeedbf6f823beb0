import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

async function createVenture(user: TestUser, name = 'Venture') {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as {
    id: string;
    tasks: Array<{ id: string; taskId: number; title: string; category: string }>;
  };
}

async function complete(user: TestUser, taskId: string) {
  expect(
    (await h.call('PATCH', `/api/venture-tasks/${taskId}`, { as: user, body: { status: 'in_progress' } }))
      .status,
  ).toBe(200);
  expect(
    (await h.call('PATCH', `/api/venture-tasks/${taskId}`, { as: user, body: { status: 'done' } })).status,
  ).toBe(200);
}

describe('internal calls (admin service)', () => {
  it('are refused to a signed-in user (403) and to a request without identity (401)', async () => {
    for (const path of ['/internal/stats', '/internal/ventures', '/internal/task-templates']) {
      const user = await h.call('GET', path, { as: h.newUser() });
      expect([user.status, user.body]).toEqual([
        403,
        { code: 'AUTH.INTERNAL_ONLY', message: 'Internal endpoint' },
      ]);
      expect((await h.call('GET', path, { as: 'nobody' })).status).toBe(401);
    }
    const post = await h.call('POST', '/internal/task-templates', { as: h.newUser(), body: { title: 'x' } });
    expect(post.status).toBe(403);
  });

  it('stats and the venture list count live ventures, their tasks and completed tasks, with owner and completion', async () => {
    const before = (await h.call('GET', '/internal/stats', { as: 'service' })).body;
    const alice = h.newUser();
    const bob = h.newUser();
    const a = await createVenture(alice, 'Alpha');
    const b = await createVenture(bob, 'Beta');
    const gone = await createVenture(bob, 'Gone');
    for (const task of a.tasks.slice(0, 5)) await complete(alice, task.id);
    await complete(bob, b.tasks[0]!.id);
    expect((await h.call('DELETE', `/api/ventures/${gone.id}`, { as: bob })).status).toBe(200);

    const stats = await h.call('GET', '/internal/stats', { as: 'service' });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      ventureCount: before.ventureCount + 2,
      taskCount: before.taskCount + 100,
      completedTaskCount: before.completedTaskCount + 6,
    });

    const list = await h.call('GET', '/internal/ventures?limit=200', { as: 'service' });
    expect(list.status).toBe(200);
    const rows = list.body.items.filter((v: { id: string }) => [a.id, b.id, gone.id].includes(v.id));
    // Newest first.
    expect(rows).toEqual([
      expect.objectContaining({
        id: b.id,
        userId: bob.id,
        ownerUsername: bob.username,
        completionPercentage: 2,
        memberCount: 1,
      }),
      {
        id: a.id,
        name: 'Alpha',
        blurb: '',
        createdAt: expect.any(String),
        userId: alice.id,
        ownerUsername: alice.username,
        completionPercentage: 10,
        taskCount: 50,
        completedTaskCount: 5,
        memberCount: 1,
      },
    ]);
  }, 30_000);

  it('lists the 50 standard templates by id, matching the guides, each with a creation date', async () => {
    const res = await h.call('GET', '/internal/task-templates', { as: 'service' });
    expect(res.status).toBe(200);
    const standard = res.body.filter((t: { id: number }) => t.id <= 50);
    expect(standard).toHaveLength(50);
    const { TASK_GUIDES } = await import('../src/content/task-guides.ts');
    expect(
      standard.map((t: { id: number; title: string; category: string; description: string }) => [
        t.id,
        t.title,
        t.category,
        t.description,
      ]),
    ).toEqual(TASK_GUIDES.map((g) => [g.id, g.title, g.category, g.summary]));
    expect(Number.isNaN(Date.parse(standard[0].createdAt))).toBe(false);
  });

  it('creates, updates and deletes templates; an empty category is shown as General; titles reach existing ventures, categories and the task list new ventures only', async () => {
    const user = h.newUser();
    const older = await createVenture(user, 'Older');

    const created = await h.call('POST', '/internal/task-templates', {
      as: 'service',
      body: { title: '  Write a press kit  ', description: 'Logo, screenshots, founder bios' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'Write a press kit',
      description: 'Logo, screenshots, founder bios',
      category: 'General',
      createdAt: expect.any(String),
      // Issue 18: created without a guide (the admin form asks for one).
      hasGuide: false,
      guide: null,
    });
    const id = created.body.id as number;
    expect(id).toBeGreaterThan(50);

    const renamed = await h.call('PATCH', '/internal/task-templates/1', {
      as: 'service',
      body: { title: 'Renamed first task', category: 'Launch & Marketing' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: 1,
      title: 'Renamed first task',
      category: 'Launch & Marketing',
    });
    const removed = await h.call('DELETE', '/internal/task-templates/2', { as: 'service' });
    expect([removed.status, removed.body]).toEqual([200, { success: true }]);

    const newer = await createVenture(user, 'Newer');
    expect(newer.tasks).toHaveLength(50); // 50 - 1 deleted + 1 created
    expect(newer.tasks.find((t) => t.taskId === id)).toMatchObject({
      title: 'Write a press kit',
      category: 'General',
      status: 'todo',
    });
    expect(newer.tasks.find((t) => t.taskId === 1)).toMatchObject({ title: 'Renamed first task' });
    expect(newer.tasks.find((t) => t.taskId === 2)).toBeUndefined();
    expect(newer.tasks.at(-1)!.taskId).toBe(id);

    // Issue 21: an existing venture shows the template's current title (its task keeps its category, and the
    // task of the deleted template keeps the copy stored with the venture).
    const olderNow = await h.call('GET', `/api/ventures/${older.id}`, { as: user });
    expect(olderNow.body.tasks).toEqual(
      older.tasks.map((t) => (t.taskId === 1 ? { ...t, title: 'Renamed first task' } : { ...t })),
    );
    expect(olderNow.body.tasks.find((t: { taskId: number }) => t.taskId === 1).category).not.toBe(
      'Launch & Marketing',
    );

    // A deleted id is never handed out again.
    const next = await h.call('POST', '/internal/task-templates', { as: 'service', body: { title: 'Next' } });
    expect(next.body.id).toBe(id + 1);
    await h.call('DELETE', `/internal/task-templates/${next.body.id}`, { as: 'service' });
    const afterDelete = await h.call('POST', '/internal/task-templates', {
      as: 'service',
      body: { title: 'After' },
    });
    expect(afterDelete.body.id).toBe(id + 2);
  });

  it('validates template input and answers 404 for an unknown template, 400 for a malformed id', async () => {
    const noTitle = await h.call('POST', '/internal/task-templates', {
      as: 'service',
      body: { title: '  ' },
    });
    expect([noTitle.status, noTitle.body.message]).toEqual([400, 'Please enter a task title']);
    const extra = await h.call('POST', '/internal/task-templates', {
      as: 'service',
      body: { title: 'T', status: 'done' },
    });
    expect(extra.status).toBe(400);
    const missing = await h.call('PATCH', '/internal/task-templates/999999', {
      as: 'service',
      body: { title: 'X' },
    });
    expect([missing.status, missing.body]).toEqual([
      404,
      { code: 'TEMPLATE.NOT_FOUND', message: 'Task template not found' },
    ]);
    expect((await h.call('DELETE', '/internal/task-templates/999999', { as: 'service' })).status).toBe(404);
    const bad = await h.call('DELETE', '/internal/task-templates/abc', { as: 'service' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid task template id']);
  });
});
