import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@app/common';
import { findTaskGuide, TASK_CATEGORIES, TASK_GUIDES } from '../src/content/task-guides.ts';
import type { TaskStatus } from '@app/contracts';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

const MISSING_ID = '0123456789abcdef01234567';
const VENTURE_NOT_FOUND = { code: 'VENTURE.NOT_FOUND', message: 'Venture not found' };
const TASK_NOT_FOUND = { code: 'TASK.NOT_FOUND', message: 'Task not found' };

async function createVenture(user: TestUser, body: Record<string, unknown> = { name: 'Acme Rockets' }) {
  const res = await h.call('POST', '/api/ventures', { as: user, body });
  expect(res.status).toBe(201);
  return res.body as {
    id: string;
    name: string;
    blurb: string;
    userId: string;
    createdAt: string;
    tasks: Array<{ id: string; taskId: number; title: string; category: string; status: TaskStatus }>;
    progress: Record<string, unknown>;
  };
}

async function setStatus(user: TestUser, taskId: string, status: string) {
  return h.call('PATCH', `/api/venture-tasks/${taskId}`, { as: user, body: { status } });
}

function eventsOf(type: string, ventureId: string): EventEnvelope[] {
  return h.received.filter(
    (e) => e.type === type && (e.data as { ventureId?: string }).ventureId === ventureId,
  );
}

describe('creating a venture', () => {
  it('when a founder creates a venture, then it holds the 50 standard tasks, all to do, linked to their guides', async () => {
    const user = h.newUser();
    const venture = await createVenture(user, {
      name: '  Acme Rockets  ',
      blurb: 'Reusable rockets for small sats',
    });
    expect(venture).toMatchObject({
      name: 'Acme Rockets',
      blurb: 'Reusable rockets for small sats',
      userId: user.id,
    });
    expect(venture.id).toMatch(/^[0-9a-f]{24}$/);
    expect(Number.isNaN(Date.parse(venture.createdAt))).toBe(false);
    expect(venture.tasks).toHaveLength(50);
    expect(venture.tasks.map((t) => t.taskId)).toEqual(TASK_GUIDES.map((g) => g.id));
    for (const task of venture.tasks) {
      const guide = TASK_GUIDES.find((g) => g.id === task.taskId)!;
      expect(task).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        taskId: guide.id,
        title: guide.title,
        description: guide.summary,
        category: guide.category,
        status: 'todo',
        assigneeId: null,
        startDate: null,
        dueDate: null,
        completedAt: null,
        // Issue 17: the curated prerequisites, checked in plan-api.int.test.ts.
        prerequisiteIds: expect.any(Array),
        // Issue 18: no mentor has verified it.
        verifiedBy: null,
        verifiedAt: null,
      });
    }
    expect(new Set(venture.tasks.map((t) => t.id)).size).toBe(50);
    expect(venture.progress).toMatchObject({
      percentage: 0,
      total: 50,
      completed: 0,
      inProgress: 0,
      blocked: 0,
    });
    expect(
      (venture.progress.categories as Array<{ category: string; total: number }>).map((c) => [
        c.category,
        c.total,
      ]),
    ).toEqual([
      [TASK_CATEGORIES[0], 12],
      [TASK_CATEGORIES[1], 10],
      [TASK_CATEGORIES[2], 12],
      [TASK_CATEGORIES[3], 8],
      [TASK_CATEGORIES[4], 8],
    ]);
  });

  it('records venture.created with the venture in the same write, and the relay publishes it once', async () => {
    const user = h.newUser();
    const venture = await createVenture(user, { name: 'Evented' });
    await h.eventually(() => eventsOf('venture.created', venture.id).length === 1);
    expect(eventsOf('venture.created', venture.id)[0]).toMatchObject({
      producer: 'venture',
      data: { ventureId: venture.id, ownerId: user.id, name: 'Evented' },
    });
    await h.eventually(async () => ((await h.rawVenture(venture.id))?.outbox as unknown[]).length === 0);
  });

  it('without a blurb, or with null, stores an empty description', async () => {
    const user = h.newUser();
    expect((await createVenture(user, { name: 'No blurb' })).blurb).toBe('');
    expect((await createVenture(user, { name: 'Null blurb', blurb: null })).blurb).toBe('');
  });

  it.each([
    [{}, 'Please enter a venture name', 'name'],
    [{ name: '' }, 'Please enter a venture name', 'name'],
    [{ name: '    ' }, 'Please enter a venture name', 'name'],
    [{ name: 42 }, 'Please enter a venture name', 'name'],
    [{ name: { $ne: null } }, 'Please enter a venture name', 'name'],
    [{ name: 'x'.repeat(101) }, 'Venture name must be 100 characters or less', 'name'],
    [{ name: 'Ok', blurb: 'b'.repeat(141) }, 'Description must be 140 characters or less', 'blurb'],
    [{ name: 'Ok', blurb: 7 }, 'Description must be text', 'blurb'],
    [{ name: 'Ok', userId: 'someone-else' }, 'Unrecognized key: "userId"', ''],
  ])('refuses %j with 400 "%s" and creates nothing', async (body, message, field) => {
    const user = h.newUser();
    const res = await h.call('POST', '/api/ventures', { as: user, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'REQUEST.INVALID', message });
    expect(res.body.validationErrors[0]).toEqual({ path: field ? [field] : [], message });
    expect((await h.call('GET', '/api/ventures', { as: user })).body).toEqual([]);
  });

  it('a double-click (two identical requests at once, or 0.9 s apart) makes one venture, answered to both', async () => {
    for (const gapMs of [0, 300, 900]) {
      const user = h.newUser();
      const post = () => h.call('POST', '/api/ventures', { as: user, body: { name: 'Twice Clicked' } });
      const first = post();
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      const [one, two] = await Promise.all([first, post()]);
      expect([one.status, two.status]).toEqual([201, 201]);
      expect(two.body.id).toBe(one.body.id);
      expect((await h.call('GET', '/api/ventures', { as: user })).body).toHaveLength(1);
    }
  });

  it('the same Idempotency-Key makes one venture whenever it comes back; another key or name makes another', async () => {
    const user = h.newUser();
    const post = (name: string, key: string) =>
      h.call('POST', '/api/ventures', { as: user, body: { name }, headers: { 'idempotency-key': key } });
    const first = await post('Keyed', 'k-1');
    const again = await post('Keyed', 'k-1');
    expect(again.body.id).toBe(first.body.id);
    await h.eventually(() => eventsOf('venture.created', first.body.id).length === 1);
    const other = await post('Other name', 'k-2');
    expect(other.body.id).not.toBe(first.body.id);
    expect((await h.call('GET', '/api/ventures', { as: user })).body).toHaveLength(2);
    const bad = await post('Bad key', 'not a key!');
    expect([bad.status, bad.body.code]).toEqual([400, 'REQUEST.INVALID']);
  });

  it('the same name again two seconds later is a new venture (only duplicates within a second are refused)', async () => {
    const user = h.newUser();
    const first = await createVenture(user, { name: 'Series' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const second = await createVenture(user, { name: 'Series' });
    expect(second.id).not.toBe(first.id);
  });

  it('accepts a blurb of exactly 140 characters', async () => {
    const user = h.newUser();
    expect((await createVenture(user, { name: 'Edge', blurb: 'b'.repeat(140) })).blurb).toHaveLength(140);
  });

  it('answers 401 to an anonymous visitor, and to a request that bypassed the gateway', async () => {
    const anonymous = await h.call('POST', '/api/ventures', { as: 'anonymous', body: { name: 'X' } });
    expect([anonymous.status, anonymous.body]).toEqual([
      401,
      { code: 'AUTH.UNAUTHENTICATED', message: 'Not authenticated' },
    ]);
    const direct = await h.call('GET', '/api/ventures', { as: 'nobody' });
    expect(direct.status).toBe(401);
    expect(direct.body.code).toBe('AUTH.INVALID_IDENTITY');
  });

  it('when the signed-in user no longer exists in the auth service, then 401 and nothing is created', async () => {
    const user = h.newUser();
    h.owners.remove(user.id);
    const res = await h.call('POST', '/api/ventures', { as: user, body: { name: 'Ghost' } });
    expect([res.status, res.body.code]).toEqual([401, 'AUTH.SESSION_ENDED']);
    expect(await h.Venture.countDocuments({ userId: user.id })).toBe(0);
  });
});

describe('reading ventures', () => {
  it("lists only the caller's ventures, oldest first, with progress and without tasks", async () => {
    const alice = h.newUser();
    const bob = h.newUser();
    const first = await createVenture(alice, { name: 'First' });
    const second = await createVenture(alice, { name: 'Second', blurb: 'two' });
    await createVenture(bob, { name: 'Bob only' });
    const res = await h.call('GET', '/api/ventures', { as: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.map((v: { id: string }) => v.id)).toEqual([first.id, second.id]);
    expect(res.body[1]).toEqual({
      id: second.id,
      name: 'Second',
      blurb: 'two',
      createdAt: second.createdAt,
      userId: alice.id,
      progress: second.progress,
      role: 'owner',
    });
  });

  it('answers an empty list to a user without ventures', async () => {
    const res = await h.call('GET', '/api/ventures', { as: h.newUser() });
    expect([res.status, res.body]).toEqual([200, []]);
  });

  it('GET /api/ventures/{id} answers the venture with its tasks and progress in one call', async () => {
    const user = h.newUser();
    const created = await createVenture(user);
    const res = await h.call('GET', `/api/ventures/${created.id}`, { as: user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it('another user, an unknown id and a deleted venture get 404; a malformed id gets 400', async () => {
    const owner = h.newUser();
    const venture = await createVenture(owner);
    const stranger = await h.call('GET', `/api/ventures/${venture.id}`, { as: h.newUser() });
    expect([stranger.status, stranger.body]).toEqual([404, VENTURE_NOT_FOUND]);
    const missing = await h.call('GET', `/api/ventures/${MISSING_ID}`, { as: owner });
    expect([missing.status, missing.body]).toEqual([404, VENTURE_NOT_FOUND]);
    for (const bad of ['abc', '%24ne', `${MISSING_ID}0`]) {
      const res = await h.call('GET', `/api/ventures/${bad}`, { as: owner });
      expect([res.status, res.body.message]).toEqual([400, 'Invalid venture id']);
    }
  });
});

describe('updating a venture', () => {
  it('the owner renames it (trimmed) and changes or clears the blurb; only the given keys change', async () => {
    const user = h.newUser();
    const venture = await createVenture(user, { name: 'Old', blurb: 'old blurb' });
    const renamed = await h.call('PATCH', `/api/ventures/${venture.id}`, {
      as: user,
      body: { name: '  New  ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: venture.id, name: 'New', blurb: 'old blurb' });
    expect(renamed.body.tasks).toHaveLength(50);
    const cleared = await h.call('PATCH', `/api/ventures/${venture.id}`, { as: user, body: { blurb: null } });
    expect(cleared.body).toMatchObject({ name: 'New', blurb: '' });
    const again = await h.call('GET', `/api/ventures/${venture.id}`, { as: user });
    expect(again.body).toMatchObject({ name: 'New', blurb: '' });
  });

  it('refuses an empty name or a long blurb with the spec messages, and changes nothing', async () => {
    const user = h.newUser();
    const venture = await createVenture(user, { name: 'Keep', blurb: 'keep' });
    const blank = await h.call('PATCH', `/api/ventures/${venture.id}`, { as: user, body: { name: ' ' } });
    expect([blank.status, blank.body.message]).toEqual([400, 'Please enter a venture name']);
    const long = await h.call('PATCH', `/api/ventures/${venture.id}`, {
      as: user,
      body: { blurb: 'x'.repeat(141) },
    });
    expect([long.status, long.body.message]).toEqual([400, 'Description must be 140 characters or less']);
    const owner = await h.call('PATCH', `/api/ventures/${venture.id}`, { as: user, body: { userId: 'x' } });
    expect(owner.status).toBe(400);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: user })).body).toMatchObject({
      name: 'Keep',
      blurb: 'keep',
      userId: user.id,
    });
  });

  it('another user gets 404 and nothing changes', async () => {
    const owner = h.newUser();
    const venture = await createVenture(owner, { name: 'Mine' });
    const res = await h.call('PATCH', `/api/ventures/${venture.id}`, {
      as: h.newUser(),
      body: { name: 'Stolen' },
    });
    expect([res.status, res.body]).toEqual([404, VENTURE_NOT_FOUND]);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: owner })).body.name).toBe('Mine');
  });
});

describe('deleting a venture', () => {
  it('the owner deletes it: gone from every read at once, venture.deleted published, the document removed after', async () => {
    const user = h.newUser();
    const venture = await createVenture(user);
    const res = await h.call('DELETE', `/api/ventures/${venture.id}`, { as: user });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: user })).status).toBe(404);
    expect((await h.call('GET', '/api/ventures', { as: user })).body).toEqual([]);
    const task = await setStatus(user, venture.tasks[0]!.id, 'in_progress');
    expect([task.status, task.body]).toEqual([404, TASK_NOT_FOUND]);
    await h.eventually(() => eventsOf('venture.deleted', venture.id).length === 1);
    expect(eventsOf('venture.deleted', venture.id)[0]!.data).toEqual({
      ventureId: venture.id,
      ownerId: user.id,
    });
    await h.eventually(async () => (await h.rawVenture(venture.id)) === null);
    const twice = await h.call('DELETE', `/api/ventures/${venture.id}`, { as: user });
    expect([twice.status, twice.body]).toEqual([404, VENTURE_NOT_FOUND]);
  });

  it('another user gets 404 and the venture stays', async () => {
    const owner = h.newUser();
    const venture = await createVenture(owner);
    const res = await h.call('DELETE', `/api/ventures/${venture.id}`, { as: h.newUser() });
    expect([res.status, res.body]).toEqual([404, VENTURE_NOT_FOUND]);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: owner })).status).toBe(200);
    expect(eventsOf('venture.deleted', venture.id)).toEqual([]);
  });
});

describe('changing a task status', () => {
  const ALLOWED: Array<[TaskStatus, TaskStatus]> = [
    ['todo', 'in_progress'],
    ['in_progress', 'done'],
    ['in_progress', 'blocked'],
    ['blocked', 'in_progress'],
    ['done', 'todo'],
  ];
  /** How to bring a fresh (todo) task to each status through allowed steps. */
  const PATH_TO: Record<TaskStatus, TaskStatus[]> = {
    todo: [],
    in_progress: ['in_progress'],
    done: ['in_progress', 'done'],
    blocked: ['in_progress', 'blocked'],
  };
  const LABEL: Record<TaskStatus, string> = {
    todo: 'To Do',
    in_progress: 'In Progress',
    done: 'Done',
    blocked: 'Blocked',
  };
  const STATUSES: TaskStatus[] = ['todo', 'in_progress', 'done', 'blocked'];
  const REFUSED = STATUSES.flatMap((from) =>
    STATUSES.map((to) => [from, to] as [TaskStatus, TaskStatus]),
  ).filter(([from, to]) => !ALLOWED.some(([f, t]) => f === from && t === to));

  async function taskIn(status: TaskStatus) {
    const user = h.newUser();
    const venture = await createVenture(user);
    // A task without prerequisites (issue 17), so `done` is never refused for them.
    const task = venture.tasks.find((t) => t.taskId === 5)!;
    for (const step of PATH_TO[status]) expect((await setStatus(user, task.id, step)).status).toBe(200);
    // The setup's own events are out before the test looks at what its change produced.
    await h.eventually(() => eventsOf('task.updated', venture.id).length === PATH_TO[status].length);
    return { user, venture, task };
  }

  it.each(ALLOWED)(
    '%s → %s is applied, answered with the task and progress, and publishes exactly one task.updated',
    async (from, to) => {
      const { user, venture, task } = await taskIn(from);
      const res = await setStatus(user, task.id, to);
      expect(res.status).toBe(200);
      expect(res.body.ventureId).toBe(venture.id);
      expect(res.body.task).toEqual({
        ...task,
        status: to,
        completedAt: to === 'done' ? expect.any(String) : null,
      });
      expect(res.body.progress).toMatchObject({
        total: 50,
        completed: to === 'done' ? 1 : 0,
        inProgress: to === 'in_progress' ? 1 : 0,
        blocked: to === 'blocked' ? 1 : 0,
        percentage: to === 'done' ? 2 : 0,
      });
      const stored = await h.call('GET', `/api/ventures/${venture.id}`, { as: user });
      expect(stored.body.tasks.find((t: { id: string }) => t.id === task.id).status).toBe(to);

      const expectedCount = PATH_TO[from].length + 1;
      await h.eventually(() => eventsOf('task.updated', venture.id).length === expectedCount);
      const last = eventsOf('task.updated', venture.id).at(-1)!;
      expect(last).toMatchObject({ producer: 'venture', type: 'task.updated' });
      expect(last.data).toEqual({
        ventureId: venture.id,
        ventureName: venture.name,
        taskId: task.id,
        taskTitle: task.title,
        // Issue 21: a standard task's Spanish title rides along for the mailer's Spanish recipients.
        taskTitleEs: findTaskGuide(task.taskId, 'es')!.title,
        fromStatus: from,
        toStatus: to,
        ownerId: user.id,
        ownerUsername: user.username,
      });
      // Nothing more arrives later (one event per change).
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(eventsOf('task.updated', venture.id)).toHaveLength(expectedCount);
    },
    20_000,
  );

  it.each(REFUSED)(
    '%s → %s is refused with 409, a clear message, and changes nothing',
    async (from, to) => {
      const { user, venture, task } = await taskIn(from);
      const before = eventsOf('task.updated', venture.id).length;
      const res = await setStatus(user, task.id, to);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('TASK.INVALID_TRANSITION');
      expect(res.body.message).toEqual(
        from === to
          ? `The task is already ${LABEL[to]}.`
          : expect.stringContaining(`Cannot change a task from ${LABEL[from]} to ${LABEL[to]}. Allowed: `),
      );
      const stored = await h.call('GET', `/api/ventures/${venture.id}`, { as: user });
      expect(stored.body.tasks.find((t: { id: string }) => t.id === task.id).status).toBe(from);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(eventsOf('task.updated', venture.id)).toHaveLength(before);
    },
    20_000,
  );

  it('refuses an unknown status value with 400 and the list of statuses', async () => {
    const { user, task } = await taskIn('todo');
    for (const body of [{ status: 'finished' }, {}, { status: { $ne: 'todo' } }]) {
      const res = await h.call('PATCH', `/api/venture-tasks/${task.id}`, { as: user, body });
      expect([res.status, res.body.message]).toEqual([
        400,
        'Status must be one of todo, in_progress, done, blocked',
      ]);
    }
  });

  it('another user gets 404 for the task and nothing changes; unknown and malformed task ids too', async () => {
    const { user, venture, task } = await taskIn('todo');
    const res = await setStatus(h.newUser(), task.id, 'in_progress');
    expect([res.status, res.body]).toEqual([404, TASK_NOT_FOUND]);
    const stored = await h.call('GET', `/api/ventures/${venture.id}`, { as: user });
    expect(stored.body.tasks.find((t: { id: string }) => t.id === task.id).status).toBe('todo');
    expect(eventsOf('task.updated', venture.id)).toEqual([]);
    expect((await setStatus(user, MISSING_ID, 'in_progress')).status).toBe(404);
    const bad = await setStatus(user, 'nope', 'in_progress');
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid task id']);
  });

  it('when two changes of the same task race, one wins and the other gets 409; one event in all', async () => {
    const { user, venture, task } = await taskIn('in_progress');
    const answers = await Promise.all([
      setStatus(user, task.id, 'done'),
      setStatus(user, task.id, 'blocked'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.task.status;
    const stored = await h.call('GET', `/api/ventures/${venture.id}`, { as: user });
    expect(stored.body.tasks.find((t: { id: string }) => t.id === task.id).status).toBe(winner);
    await h.eventually(() => eventsOf('task.updated', venture.id).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(
      eventsOf('task.updated', venture.id).map((e) => (e.data as { toStatus: string }).toStatus),
    ).toEqual(['in_progress', winner]);
  });

  it('names the owner by their current username, and by the recorded one while the auth service is down', async () => {
    const { user, venture, task } = await taskIn('todo');
    const renamed = { ...user, username: `renamed.${user.username}` };
    h.owners.add(renamed);
    expect((await setStatus(user, task.id, 'in_progress')).status).toBe(200);
    h.owners.setDown(true);
    try {
      expect((await setStatus(user, task.id, 'done')).status).toBe(200);
    } finally {
      h.owners.setDown(false);
    }
    await h.eventually(() => eventsOf('task.updated', venture.id).length === 2);
    expect(
      eventsOf('task.updated', venture.id).map((e) => (e.data as { ownerUsername: string }).ownerUsername),
    ).toEqual([renamed.username, renamed.username]);
  });
});

describe('progress through the API', () => {
  it('rises with completed tasks, per category too, and counts in-progress and blocked tasks', async () => {
    const user = h.newUser();
    const venture = await createVenture(user);
    const ideation = venture.tasks.filter((t) => t.category === TASK_CATEGORIES[0]);
    const funding = venture.tasks.filter((t) => t.category === TASK_CATEGORIES[3]);
    // Three ideation tasks done, one funding task done, one blocked, two in progress (those done have no
    // open prerequisites: 1 ← 2 ← 3, and the grants task has none).
    for (const task of [...ideation.slice(0, 3), funding.find((t) => t.taskId === 38)!]) {
      await setStatus(user, task.id, 'in_progress');
      await setStatus(user, task.id, 'done');
    }
    await setStatus(user, funding[1]!.id, 'in_progress');
    await setStatus(user, funding[1]!.id, 'blocked');
    await setStatus(user, funding[2]!.id, 'in_progress');
    const last = await setStatus(user, ideation[3]!.id, 'in_progress');

    const expected = {
      percentage: 8, // 4 of 50
      total: 50,
      completed: 4,
      inProgress: 2,
      blocked: 1,
      todo: 43,
    };
    expect(last.body.progress).toMatchObject(expected);
    const res = await h.call('GET', `/api/ventures/${venture.id}`, { as: user });
    expect(res.body.progress).toMatchObject(expected);
    expect(res.body.progress.categories).toEqual([
      { category: TASK_CATEGORIES[0], completed: 3, total: 12, percentage: 25 },
      { category: TASK_CATEGORIES[1], completed: 0, total: 10, percentage: 0 },
      { category: TASK_CATEGORIES[2], completed: 0, total: 12, percentage: 0 },
      { category: TASK_CATEGORIES[3], completed: 1, total: 8, percentage: 13 },
      { category: TASK_CATEGORIES[4], completed: 0, total: 8, percentage: 0 },
    ]);
    // Reset brings it back down.
    const reset = await setStatus(user, ideation[0]!.id, 'todo');
    expect(reset.body.progress).toMatchObject({ percentage: 6, completed: 3 });
  }, 30_000);

  it('a venture with no tasks (no templates at creation) is at 0 %', async () => {
    const user = h.newUser();
    const templates = await h.ctx.templates.list();
    const removed = templates.map((t) => t.id);
    // Work on a copy of the list: remove all, create, then put them back exactly.
    for (const id of removed) await h.ctx.templates.delete(id);
    try {
      const venture = await createVenture(user, { name: 'Empty' });
      expect(venture.tasks).toEqual([]);
      expect(venture.progress).toEqual({
        percentage: 0,
        total: 0,
        completed: 0,
        inProgress: 0,
        blocked: 0,
        todo: 0,
        categories: [],
      });
    } finally {
      await h.mongo.connection.collection('task_templates').insertMany(
        templates.map((t) => ({
          _id: t.id as unknown as never,
          title: t.title,
          description: t.description,
          category: t.category,
          createdAt: t.createdAt,
        })),
      );
    }
  });
});
