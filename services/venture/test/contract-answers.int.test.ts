import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openSealedText } from '@app/common';
import {
  invitationTokenFromHash,
  pathOf,
  prerequisitesOpenDetailsSchema,
  ventureApi,
  ventureInternalApi,
  venturePlanApi,
  ventureTeamApi,
  type RouteSpec,
} from '@app/contracts';
import { SECRET, startHarness, type Answer, type Harness } from './support/harness.ts';

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

  it('for every founding-teams call (issue 16) and the new internal calls', async () => {
    const api = ventureTeamApi;
    const owner = h.newUser();
    const member = h.newUser();
    const created = await h.call('POST', pathOf(ventureApi.createVenture), {
      as: owner,
      body: { name: 'Team' },
    });
    const id = created.body.id as string;
    const taskId = created.body.tasks[0].id as string;
    const invited = await h.call('POST', pathOf(api.createInvitation, { id }), {
      as: owner,
      body: { email: member.username, role: 'editor' },
    });
    expectExactly(api.createInvitation, invited);
    const invitationId = invited.body.id as string;
    expectExactly(
      api.resendInvitation,
      await h.call('POST', pathOf(api.resendInvitation, { id, invitationId }), { as: owner }),
    );
    expectExactly(
      api.listInvitations,
      await h.call('GET', pathOf(api.listInvitations, { id }), { as: owner }),
    );
    const sent = () =>
      h.received.filter(
        (e) => e.type === 'venture.member_invited' && (e.data as { ventureId: string }).ventureId === id,
      );
    await h.eventually(() => sent().length === 2);
    const url = openSealedText((sent()[1]!.data as { sealedAcceptUrl: string }).sealedAcceptUrl, SECRET)!;
    const token = invitationTokenFromHash(new URL(url).hash)!;
    expectExactly(
      api.previewInvitation,
      await h.call('POST', pathOf(api.previewInvitation), { body: { token } }),
    );
    expectExactly(
      api.acceptInvitation,
      await h.call('POST', pathOf(api.acceptInvitation), { as: member, body: { token } }),
    );
    expectExactly(api.listMembers, await h.call('GET', pathOf(api.listMembers, { id }), { as: member }));
    expectExactly(
      ventureApi.getVenture,
      await h.call('GET', pathOf(ventureApi.getVenture, { id }), { as: member }),
    );
    expectExactly(
      ventureApi.listVentures,
      await h.call('GET', pathOf(ventureApi.listVentures), { as: member }),
    );
    expectExactly(
      api.setTaskAssignee,
      await h.call('PUT', pathOf(api.setTaskAssignee, { id: taskId }), {
        as: owner,
        body: { assigneeId: member.id },
      }),
    );
    const comment = await h.call('POST', pathOf(api.createComment, { id: taskId }), {
      as: member,
      body: { body: 'Hello' },
    });
    expectExactly(api.createComment, comment);
    const commentId = comment.body.id as string;
    expectExactly(
      api.updateComment,
      await h.call('PATCH', pathOf(api.updateComment, { id: taskId, commentId }), {
        as: member,
        body: { body: 'Hello again' },
      }),
    );
    expectExactly(
      api.listComments,
      await h.call('GET', pathOf(api.listComments, { id: taskId }), { as: owner }),
    );
    expectExactly(
      api.deleteComment,
      await h.call('DELETE', pathOf(api.deleteComment, { id: taskId, commentId }), { as: member }),
    );
    expectExactly(
      api.changeMemberRole,
      await h.call('PATCH', pathOf(api.changeMemberRole, { id, userId: member.id }), {
        as: owner,
        body: { role: 'viewer' },
      }),
    );
    await h.eventually(
      async () =>
        (await h.call('GET', pathOf(api.listActivity, { id }), { as: owner })).body.entries.length >= 4,
    );
    expectExactly(api.listActivity, await h.call('GET', pathOf(api.listActivity, { id }), { as: owner }));
    expectExactly(
      ventureInternalApi.listVentures,
      await h.call('GET', `${pathOf(ventureInternalApi.listVentures)}?limit=1`, { as: 'service' }),
    );
    const demo = h.newUser();
    expectExactly(
      ventureInternalApi.resetDemoVenture,
      await h.call('PUT', pathOf(ventureInternalApi.resetDemoVenture), {
        as: 'service',
        body: { owner: { userId: demo.id, email: demo.username, displayName: 'Demo' }, coFounder: null },
      }),
    );
    const invitation2 = await h.call('POST', pathOf(api.createInvitation, { id }), {
      as: owner,
      body: { email: 'later@example.com', role: 'viewer' },
    });
    expectExactly(
      api.revokeInvitation,
      await h.call('DELETE', pathOf(api.revokeInvitation, { id, invitationId: invitation2.body.id }), {
        as: owner,
      }),
    );
    expectExactly(
      api.removeMember,
      await h.call('DELETE', pathOf(api.removeMember, { id, userId: member.id }), { as: member }),
    );
  });

  it('for every plans-with-dates call (issue 17), the 409 details included', async () => {
    const api = venturePlanApi;
    const owner = h.newUser();
    const as = { as: owner };
    const created = await h.call('POST', pathOf(ventureApi.createVenture), {
      ...as,
      body: { name: 'Plans', timeZone: 'Europe/Berlin' },
    });
    expectExactly(ventureApi.createVenture, created);
    const id = created.body.id as string;
    const [first, second] = created.body.tasks as Array<{ id: string }>;
    expectExactly(
      ventureApi.updateVenture,
      await h.call('PATCH', pathOf(ventureApi.updateVenture, { id }), {
        ...as,
        body: { timeZone: 'UTC', targetLaunchDate: '2027-09-01' },
      }),
    );
    expectExactly(
      api.setTaskDates,
      await h.call('PUT', pathOf(api.setTaskDates, { id: second!.id }), {
        ...as,
        body: { startDate: '2027-01-01', dueDate: '2027-02-01' },
      }),
    );
    expectExactly(
      api.setTaskPrerequisites,
      await h.call('PUT', pathOf(api.setTaskPrerequisites, { id: second!.id }), {
        ...as,
        body: { prerequisiteIds: [first!.id] },
      }),
    );
    await h.call('PATCH', pathOf(ventureApi.changeTaskStatus, { id: second!.id }), {
      ...as,
      body: { status: 'in_progress' },
    });
    const refused = await h.call('PATCH', pathOf(ventureApi.changeTaskStatus, { id: second!.id }), {
      ...as,
      body: { status: 'done' },
    });
    expect(refused.status).toBe(409);
    const details = prerequisitesOpenDetailsSchema.safeParse(refused.body.details);
    expect(details.data).toEqual(refused.body.details);
    expect(Object.keys(refused.body).sort()).toEqual(['code', 'details', 'message']);
    expectExactly(api.exportVentureJson, await h.call('GET', pathOf(api.exportVentureJson, { id }), as));
    const csv = await h.call('GET', pathOf(api.exportVentureCsv, { id }), as);
    expectExactly(api.exportVentureCsv, csv);
    expectExactly(
      ventureInternalApi.userVentureData,
      await h.call('GET', pathOf(ventureInternalApi.userVentureData, { id: owner.id }), { as: 'service' }),
    );
  });
});
