import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TaskStatus } from '@app/contracts';
import { findTaskGuide, TASK_GUIDES, taskGuidesIn } from '../src/content/task-guides.ts';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';

/*
 * Issue 21: the venture service answers in the request's language. `Accept-Language: es` gets the Spanish
 * guides and the standard tasks' Spanish titles (statuses and everything else unchanged); English, and any
 * language the product does not speak, get the English answers as they were. An administrator's own title
 * stays as written in both languages. Answers that vary say so (`Vary: Accept-Language`).
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

const ES = { 'accept-language': 'es' };
const EN = { 'accept-language': 'en' };
// What fetch sends when nobody sets the header; the product reads it as English, like no header at all.
const ANY = { 'accept-language': '*' };

interface Task {
  id: string;
  taskId: number;
  title: string;
  description: string;
  status: TaskStatus;
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value));
const varies = (headers: Headers) =>
  (headers.get('vary') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes('accept-language');

async function ventureIn(user: TestUser, id: string, headers: Record<string, string>) {
  const res = await h.call('GET', `/api/ventures/${id}`, { as: user, headers });
  expect(res.status).toBe(200);
  return res;
}

describe('GET /api/task-guides in the request language', () => {
  it('answers the 50 Spanish guides to Accept-Language es, with their own ETag and Vary: Accept-Language', async () => {
    const spanish = await h.call('GET', '/api/task-guides', {
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(spanish.status).toBe(200);
    expect(spanish.body).toHaveLength(50);
    expect(spanish.body).toEqual(json(taskGuidesIn('es')));
    expect(spanish.body[0]).toMatchObject({ id: 1, title: 'Redacta un enunciado claro del problema' });
    expect(varies(spanish.headers)).toBe(true);
    expect(spanish.headers.get('cache-control')).toBe('public, max-age=3600');

    const english = await h.call('GET', '/api/task-guides', { headers: EN });
    expect(english.body).toEqual(json(TASK_GUIDES));
    expect(varies(english.headers)).toBe(true);
    expect(spanish.headers.get('etag')).not.toBe(english.headers.get('etag'));

    // No header and languages the product does not speak: the same English body, byte for byte (same ETag).
    for (const headers of [ANY, { 'accept-language': 'fr-FR,de;q=0.8' }]) {
      const other = await h.call('GET', '/api/task-guides', { headers });
      expect(other.body).toEqual(json(TASK_GUIDES));
      expect(other.headers.get('etag')).toBe(english.headers.get('etag'));
    }
    // A Spanish ETag revalidates the Spanish copy only.
    const etag = spanish.headers.get('etag')!;
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect((await h.call('GET', '/api/task-guides', { headers: { ...ES, ...revalidate } })).status).toBe(304);
    expect((await h.call('GET', '/api/task-guides', { headers: { ...EN, ...revalidate } })).status).toBe(200);
  });

  it('GET /api/task-guides/{id} answers one Spanish guide: translated text, the English facts and source urls', async () => {
    const res = await h.call('GET', '/api/task-guides/15', { headers: ES });
    expect(res.status).toBe(200);
    const english = findTaskGuide(15)!;
    expect(res.body).toEqual(json(findTaskGuide(15, 'es')));
    expect(res.body).toMatchObject({
      title: 'Firma un pacto de fundadores con vesting',
      category: english.category,
      prerequisites: english.prerequisites,
      effort: english.effort,
      stage: english.stage,
      reviewedAt: english.reviewedAt,
    });
    expect(res.body.sources.map((source: { url: string }) => source.url)).toEqual(
      english.sources!.map((source) => source.url),
    );
    expect(res.body.sources[0].title).not.toBe(english.sources![0]!.title);
    expect(Object.keys(res.body.jurisdictions).sort()).toEqual(Object.keys(english.jurisdictions!).sort());
    expect(varies(res.headers)).toBe(true);
    const missing = await h.call('GET', '/api/task-guides/51', { headers: ES });
    expect([missing.status, missing.body]).toEqual([
      404,
      { code: 'GUIDE.NOT_FOUND', message: 'Task guide not found' },
    ]);
  });
});

describe("a venture's tasks in the request language", () => {
  it('shows the standard tasks in Spanish to es, statuses unchanged, and English byte-identical to en and no header', async () => {
    const founder = h.newUser();
    const created = await h.call('POST', '/api/ventures', {
      as: founder,
      body: { name: 'Clínica Sur' },
      headers: ES,
    });
    expect(created.status).toBe(201);
    const ventureId = (created.body as { id: string }).id;
    // The create answer is in the caller's language too.
    expect((created.body as { tasks: Task[] }).tasks[0]!.title).toBe(
      'Redacta un enunciado claro del problema',
    );
    const first = (created.body as { tasks: Task[] }).tasks[0]!;
    const started = await h.call('PATCH', `/api/venture-tasks/${first.id}`, {
      as: founder,
      body: { status: 'in_progress' },
      headers: ES,
    });
    expect(started.status).toBe(200);
    expect((started.body as { task: Task }).task).toMatchObject({
      title: 'Redacta un enunciado claro del problema',
      status: 'in_progress',
    });

    const english = await ventureIn(founder, ventureId, EN);
    const spanish = await ventureIn(founder, ventureId, ES);
    const unset = await ventureIn(founder, ventureId, ANY);
    expect(unset.body).toEqual(english.body);
    expect(varies(spanish.headers)).toBe(true);
    // Issue 22: the answer names its language, so the web app can tell a preload in the browser's language.
    expect(spanish.headers.get('content-language')).toBe('es');
    expect(english.headers.get('content-language')).toBe('en');
    expect(unset.headers.get('content-language')).toBe('en');
    const enTasks = (english.body as { tasks: Task[] }).tasks;
    const esTasks = (spanish.body as { tasks: Task[] }).tasks;
    expect(enTasks.map((task) => [task.title, task.description])).toEqual(
      TASK_GUIDES.map((guide) => [guide.title, guide.summary]),
    );
    expect(esTasks.map((task) => [task.title, task.description])).toEqual(
      taskGuidesIn('es').map((guide) => [guide.title, guide.summary]),
    );
    // Only the text differs: ids, template ids, statuses, dates and prerequisites are the same tasks.
    const withoutText = (tasks: Task[]) => tasks.map(({ title: _t, description: _d, ...rest }) => rest);
    expect(withoutText(esTasks)).toEqual(withoutText(enTasks));
    expect(esTasks[0]!.status).toBe('in_progress');
    const { tasks: _es, ...spanishRest } = spanish.body as Record<string, unknown>;
    const { tasks: _en, ...englishRest } = english.body as Record<string, unknown>;
    expect(spanishRest).toEqual(englishRest);

    // The venture's guides: the Spanish guide text under the Spanish title.
    const guide = await h.call('GET', `/api/ventures/${ventureId}/guides/2`, { as: founder, headers: ES });
    expect(guide.status).toBe(200);
    expect(guide.body).toMatchObject({
      taskId: 2,
      title: findTaskGuide(2, 'es')!.title,
      summary: findTaskGuide(2, 'es')!.summary,
      why: findTaskGuide(2, 'es')!.why,
      practices: findTaskGuide(2, 'es')!.practices,
      proTip: findTaskGuide(2, 'es')!.proTip,
      source: 'master',
    });
    const guides = await h.call('GET', `/api/ventures/${ventureId}/guides`, { as: founder, headers: EN });
    expect((guides.body as Array<{ taskId: number; why: string }>).find((g) => g.taskId === 2)!.why).toBe(
      findTaskGuide(2)!.why,
    );

    // The exports and the history name the tasks in the caller's language too.
    const csv = await h.call('GET', `/api/ventures/${ventureId}/export.csv`, { as: founder, headers: ES });
    expect(csv.body as string).toContain('Redacta un enunciado claro del problema');
    expect(csv.body as string).not.toContain('Write a clear problem statement');
    const enCsv = await h.call('GET', `/api/ventures/${ventureId}/export.csv`, { as: founder, headers: EN });
    expect(enCsv.body as string).toContain('Write a clear problem statement');
    await h.eventually(async () => {
      const activity = await h.call('GET', `/api/ventures/${ventureId}/activity`, {
        as: founder,
        headers: ES,
      });
      return JSON.stringify(activity.body).includes('Redacta un enunciado claro del problema');
    });
    const enActivity = await h.call('GET', `/api/ventures/${ventureId}/activity`, {
      as: founder,
      headers: EN,
    });
    expect(JSON.stringify(enActivity.body)).toContain('Write a clear problem statement');
  }, 30_000);

  it("keeps an administrator's title as written in both languages (the untouched description follows the language)", async () => {
    const founder = h.newUser();
    const renamed = 'Estimate the market (our programme’s way)';
    const edited = await h.call('PATCH', '/internal/task-templates/5', {
      as: 'service',
      body: { title: renamed },
    });
    expect(edited.status).toBe(200);
    const created = await h.call('POST', '/api/ventures', { as: founder, body: { name: 'Renamed' } });
    const ventureId = (created.body as { id: string }).id;
    const taskOf = async (headers: Record<string, string>) =>
      ((await ventureIn(founder, ventureId, headers)).body as { tasks: Task[] }).tasks.find(
        (t) => t.taskId === 5,
      )!;
    expect(await taskOf(EN)).toMatchObject({ title: renamed, description: findTaskGuide(5)!.summary });
    expect(await taskOf(ES)).toMatchObject({ title: renamed, description: findTaskGuide(5, 'es')!.summary });
  });
});

describe('task events', () => {
  it("carry the Spanish title beside the English one for a standard task, and none for an administrator's title", async () => {
    const founder = h.newUser();
    await h.call('PATCH', '/internal/task-templates/6', {
      as: 'service',
      body: { title: 'Our own competitor review' },
    });
    const created = await h.call('POST', '/api/ventures', { as: founder, body: { name: 'Events' } });
    const tasks = (created.body as { tasks: Task[] }).tasks;
    const standard = tasks.find((task) => task.taskId === 1)!;
    const renamed = tasks.find((task) => task.taskId === 6)!;
    for (const task of [standard, renamed]) {
      const res = await h.call('PATCH', `/api/venture-tasks/${task.id}`, {
        as: founder,
        body: { status: 'in_progress' },
      });
      expect(res.status).toBe(200);
    }
    const eventOf = (taskId: string) =>
      h.received.find(
        (event) => event.type === 'task.updated' && (event.data as { taskId: string }).taskId === taskId,
      );
    await h.eventually(() => Boolean(eventOf(standard.id) && eventOf(renamed.id)));
    expect(eventOf(standard.id)!.data).toMatchObject({
      taskTitle: 'Write a clear problem statement',
      taskTitleEs: 'Redacta un enunciado claro del problema',
    });
    expect(eventOf(renamed.id)!.data).toMatchObject({ taskTitle: 'Our own competitor review' });
    expect(eventOf(renamed.id)!.data).not.toHaveProperty('taskTitleEs');
  });
});
