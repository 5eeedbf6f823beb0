import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPlatform, type Platform } from '@app/testing';
import type { RunningService } from '@app/common';

/*
 * The demo account shows the product and stays safe to share (issue 16): at start the venture service asks
 * auth for the demo account and its seeded co-founder and puts the sample venture in place; whatever a
 * visitor changes goes back at the next hourly reset (a moved clock here, never a wait), once per hour
 * however many replicas run it. The demo account cannot change its password or delete itself.
 */
const DEMO = { username: 'demo@ventureroadmap.app', password: 'demo-founder-2025' };
type VentureHandle = RunningService & { resetDemo(now?: Date): Promise<string> };

let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform({
    services: ['auth', 'venture'],
    secret: 'demo-venture-cross-service-secret-0123456789',
    env: { gateway: { LOGIN_LIMIT_PER_CLIENT: '100000' } },
  });
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function demoVenture(browser: Awaited<ReturnType<Platform['signIn']>>) {
  const list = await browser.call('GET', '/api/ventures');
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(1);
  const detail = await browser.call('GET', `/api/ventures/${list.body[0].id}`);
  expect(detail.status).toBe(200);
  return detail.body as {
    id: string;
    name: string;
    members: Array<{ email: string; displayName: string; role: string }>;
    tasks: Array<{ id: string; status: string }>;
  };
}

const statusCounts = (tasks: Array<{ status: string }>) =>
  tasks.reduce<Record<string, number>>((acc, t) => ({ ...acc, [t.status]: (acc[t.status] ?? 0) + 1 }), {});

describe('the demo account’s sample venture', () => {
  it('is there at start: part-way through its roadmap, with the co-founder as an editor', async () => {
    const demo = await platform.signIn(DEMO.username, DEMO.password);
    const user = await demo.call('GET', '/api/user');
    expect(user.body).toMatchObject({ username: DEMO.username, isDemo: true });
    const venture = await demoVenture(demo);
    expect(venture.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: DEMO.username, role: 'owner' }),
        expect.objectContaining({
          email: 'cofounder.demo@ventureroadmap.app',
          displayName: 'Maya Chen',
          role: 'editor',
        }),
      ]),
    );
    const counts = statusCounts(venture.tasks);
    expect(counts.done).toBeGreaterThan(0);
    expect(counts.in_progress).toBeGreaterThan(0);
    expect(counts.blocked).toBeGreaterThan(0);
    expect(counts.todo).toBeGreaterThan(0);
  });

  it('a visitor’s changes are undone by the next hourly reset, which runs once per hour across replicas', async () => {
    const demo = await platform.signIn(DEMO.username, DEMO.password);
    const before = await demoVenture(demo);
    const todo = before.tasks.find((t) => t.status === 'todo')!;
    expect(
      (await demo.call('PATCH', `/api/venture-tasks/${todo.id}`, { status: 'in_progress' })).status,
    ).toBe(200);
    expect((await demo.call('POST', '/api/ventures', { name: 'Visitor scribbles' })).status).toBe(201);
    expect((await demo.call('GET', '/api/ventures')).body).toHaveLength(2);

    const venture = platform.service<VentureHandle>('venture');
    const nextHour = new Date(Date.now() + 60 * 60 * 1000);
    const [a, b] = await Promise.all([venture.resetDemo(nextHour), venture.resetDemo(nextHour)]);
    expect([a, b].sort()).toEqual(['already-done', 'reset']);

    const after = await demoVenture(demo);
    expect(after.id).toBe(before.id);
    expect(after.name).toBe(before.name);
    expect(statusCounts(after.tasks)).toEqual(statusCounts(before.tasks));
  });

  it('cannot change its password or delete itself (403), and its password keeps working', async () => {
    const demo = await platform.signIn(DEMO.username, DEMO.password);
    const change = await demo.call('POST', '/api/user/change-password', {
      currentPassword: DEMO.password,
      newPassword: 'taken-over-1',
    });
    expect([change.status, change.body]).toEqual([
      403,
      { code: 'AUTH.DEMO_ACCOUNT_LOCKED', message: 'The demo account cannot be changed or deleted' },
    ]);
    const remove = await demo.call('DELETE', '/api/user/account', { password: DEMO.password });
    expect([remove.status, remove.body.code]).toEqual([403, 'AUTH.DEMO_ACCOUNT_LOCKED']);
    expect((await platform.signIn(DEMO.username, DEMO.password)).cookie).toBeDefined();
  });
});
