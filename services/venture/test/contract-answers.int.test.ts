import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pathOf, ventureApi, ventureInternalApi, type RouteSpec } from '@app/contracts';
import { startHarness, type Answer, type Harness } from './support/harness.ts';

/*
 * The web app and the admin service infer every answer type from the route contracts, so each answer must
 * be exactly what its contract describes: it parses, and parsing drops nothing (no field the contract
 * does not name) and changes nothing.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

function expectExactly(route: RouteSpec & { status: number }, answer: Answer): void {
  expect(answer.status).toBe(route.status);
  const parsed = route.answer.safeParse(answer.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(answer.body);
}

describe('venture answers match their contracts exactly', () => {
  it('for every public venture and guide call', async () => {
    const user = h.newUser();
    const as = { as: user };
    const created = await h.call('POST', pathOf(ventureApi.createVenture), {
      ...as,
      body: { name: 'Contract Check', blurb: 'Exact answers' },
    });
    expectExactly(ventureApi.createVenture, created);
    const id = created.body.id as string;

    expectExactly(ventureApi.listVentures, await h.call('GET', pathOf(ventureApi.listVentures), as));
    expectExactly(ventureApi.getVenture, await h.call('GET', pathOf(ventureApi.getVenture, { id }), as));
    expectExactly(
      ventureApi.updateVenture,
      await h.call('PATCH', pathOf(ventureApi.updateVenture, { id }), { ...as, body: { blurb: null } }),
    );
    const taskId = created.body.tasks[0].id as string;
    expectExactly(
      ventureApi.changeTaskStatus,
      await h.call('PATCH', pathOf(ventureApi.changeTaskStatus, { id: taskId }), {
        ...as,
        body: { status: 'in_progress' },
      }),
    );
    expectExactly(ventureApi.listTaskGuides, await h.call('GET', pathOf(ventureApi.listTaskGuides)));
    expectExactly(ventureApi.getTaskGuide, await h.call('GET', pathOf(ventureApi.getTaskGuide, { id: 7 })));
    expectExactly(
      ventureApi.deleteVenture,
      await h.call('DELETE', pathOf(ventureApi.deleteVenture, { id }), as),
    );
  });

  it('for every internal call of the admin dashboard', async () => {
    const user = h.newUser();
    await h.call('POST', pathOf(ventureApi.createVenture), { as: user, body: { name: 'Listed' } });
    const as = { as: 'service' as const };
    const api = ventureInternalApi;
    expectExactly(api.stats, await h.call('GET', pathOf(api.stats), as));
    expectExactly(api.listVentures, await h.call('GET', pathOf(api.listVentures), as));
    expectExactly(api.listTemplates, await h.call('GET', pathOf(api.listTemplates), as));
    const template = await h.call('POST', pathOf(api.createTemplate), {
      ...as,
      body: { title: 'Contracts' },
    });
    expectExactly(api.createTemplate, template);
    const id = template.body.id as number;
    expectExactly(
      api.updateTemplate,
      await h.call('PATCH', pathOf(api.updateTemplate, { id }), { ...as, body: { category: 'Ops' } }),
    );
    expectExactly(api.deleteTemplate, await h.call('DELETE', pathOf(api.deleteTemplate, { id }), as));
  });
});
