import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, type EventData, type EventEnvelope } from '@app/common';
import { deleteUserVentures } from '../src/domain/delete-user-ventures.ts';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';
import { institutions } from './support/institutions.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

async function createVenture(user: TestUser, name: string): Promise<string> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

function userDeleted(user: TestUser): EventEnvelope<'user.deleted'> {
  return createEvent('user.deleted', { userId: user.id, username: user.username }, { producer: 'auth' });
}

const deletedEvents = (user: TestUser) =>
  h.received.filter((e) => e.type === 'venture.deleted' && e.data.ownerId === user.id);

describe('on user.deleted', () => {
  it('every venture of that user is deleted (each with venture.deleted), others stay; a repeat is a no-op', async () => {
    const leaving = h.newUser();
    const staying = h.newUser();
    const ids = [await createVenture(leaving, 'One'), await createVenture(leaving, 'Two')];
    const kept = await createVenture(staying, 'Kept');

    const event = userDeleted(leaving);
    await h.bus.publish([event]);
    await h.eventually(() => deletedEvents(leaving).length === 2);
    expect(
      deletedEvents(leaving)
        .map((e) => (e.data as { ventureId: string }).ventureId)
        .sort(),
    ).toEqual([...ids].sort());
    expect((await h.call('GET', '/api/ventures', { as: leaving })).body).toEqual([]);
    for (const id of ids)
      expect((await h.call('GET', `/api/ventures/${id}`, { as: leaving })).status).toBe(404);
    await h.eventually(async () => (await h.Venture.countDocuments({ userId: leaving.id })) === 0);

    // The same event again (a redelivery) and a second event for the same user: nothing more happens.
    await h.bus.publish([event]);
    await h.bus.publish([userDeleted(leaving)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deletedEvents(leaving)).toHaveLength(2);

    const keptNow = await h.call('GET', `/api/ventures/${kept}`, { as: staying });
    expect(keptNow.status).toBe(200);
    expect(deletedEvents(staying)).toEqual([]);
  });

  it('for a user without ventures it does nothing and does not fail', async () => {
    const nobody = h.newUser();
    await h.bus.publish([userDeleted(nobody)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deletedEvents(nobody)).toEqual([]);
  });
});

const enrolmentEvents = (user: TestUser) =>
  h.received
    .filter((e) => e.type === 'program.enrolment_changed')
    .map((e) => e.data as EventData<'program.enrolment_changed'>)
    .filter((e) => e.userId === user.id);
const unassignedAudits = (user: TestUser) =>
  h.received
    .filter((e) => e.type === 'organization.audit_recorded')
    .map((e) => e.data as EventData<'organization.audit_recorded'>)
    .filter(
      (e) =>
        e.action === 'mentor.unassigned' &&
        (e.details.mentor as { userId: string } | undefined)?.userId === user.id,
    );
const enrolmentRows = (user: TestUser) =>
  h.mongo.connection.collection('enrolments').find({ userId: user.id }).toArray();

describe('on user.deleted, in programs (issue 18)', () => {
  it('their enrolments go (enrolled false, as on leaving) and they leave every venture’s mentors; a repeat is a no-op', async () => {
    const org = institutions(h);
    // Organization A: the user mentors a founder's venture, beside another mentor.
    const orgA = await org.organization('free', 'Harbour Accelerator');
    const programA = await org.program(orgA, { name: 'Harbour spring' });
    const [manager, founder, otherMentor, leaving] = [h.newUser(), h.newUser(), h.newUser(), h.newUser()];
    await org.member(orgA, manager, 'programManager');
    await org.member(orgA, otherMentor, 'mentor');
    await org.member(orgA, leaving, 'mentor');
    await org.enrol(programA, founder);
    const mentored = await createVenture(founder, 'Mentored');
    const assign = await h.call('PUT', `/api/programs/${programA.id}/ventures/${mentored}/mentors`, {
      as: manager,
      body: { mentorIds: [leaving.id, otherMentor.id] },
    });
    expect(assign.status).toBe(200);
    // Organization B: the same user is a founder, enrolled in one program with a venture, and left another.
    const orgB = await org.organization('free', 'Delta Incubator');
    const followed = await org.program(orgB, { name: 'Delta followed' });
    const leftBefore = await org.program(orgB, { name: 'Delta left' });
    await org.enrol(followed, leaving);
    const own = await createVenture(leaving, 'Own');
    await org.enrol(leftBefore, leaving);
    const left = await h.call('DELETE', `/api/programs/${leftBefore.id}/enrolment`, { as: leaving });
    expect(left.status).toBe(200);
    await h.eventually(() =>
      enrolmentEvents(leaving).some((e) => e.programId === leftBefore.id && !e.enrolled),
    );
    await h.eventually(() => enrolmentEvents(leaving).some((e) => e.ventureId === own && e.enrolled));
    expect(await enrolmentRows(leaving)).toHaveLength(2);
    const eventsBefore = enrolmentEvents(leaving).length;

    const event = userDeleted(leaving);
    await h.bus.publish([event]);
    // The followed program's count drops, as when the founder leaves; the program left before says nothing.
    await h.eventually(() => enrolmentEvents(leaving).length === eventsBefore + 1);
    expect(enrolmentEvents(leaving).at(-1)).toEqual({
      programId: followed.id,
      organizationId: orgB.id,
      userId: leaving.id,
      ventureId: own,
      enrolled: false,
    });
    await h.eventually(() => unassignedAudits(leaving).length === 1);
    expect(unassignedAudits(leaving)[0]).toEqual({
      organizationId: orgA.id,
      action: 'mentor.unassigned',
      actor: { userId: leaving.id, displayName: 'Account deleted' },
      target: 'Mentored',
      details: {
        programId: programA.id,
        ventureId: mentored,
        mentor: { userId: leaving.id, displayName: leaving.username },
        reason: 'account deleted',
      },
    });
    await h.eventually(() => deletedEvents(leaving).length === 1);
    // The rows are gone once their events are out.
    await h.eventually(async () => (await enrolmentRows(leaving)).length === 0);

    // The other mentor stays, on the dashboard and on the founder's enrolment.
    const dashboard = await h.call('GET', `/api/programs/${programA.id}/dashboard`, { as: manager });
    expect(dashboard.status).toBe(200);
    const row = (dashboard.body.rows as Array<{ ventureId: string; mentors: unknown }>).find(
      (r) => r.ventureId === mentored,
    );
    expect(row?.mentors).toEqual([{ userId: otherMentor.id, displayName: otherMentor.username }]);
    const mine = await h.call('GET', '/api/enrolments', { as: founder });
    expect(mine.body).toEqual([
      expect.objectContaining({
        programId: programA.id,
        ventureId: mentored,
        mentors: [{ userId: otherMentor.id, displayName: otherMentor.username }],
      }),
    ]);
    expect((await h.call('GET', '/api/mentoring/ventures', { as: leaving })).body).toEqual([]);
    expect((await h.call('GET', '/api/enrolments', { as: leaving })).body).toEqual([]);

    // Again, run to its end, then redelivered and announced anew: nothing is written, nothing published.
    await deleteUserVentures(h.ctx, { correlationId: 'repeat' }, leaving.id);
    const pending = await h.mongo.connection
      .collection('enrolments')
      .countDocuments({ 'outbox.0': { $exists: true } });
    expect(pending).toBe(0);
    await h.bus.publish([event]);
    await h.bus.publish([userDeleted(leaving)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(enrolmentEvents(leaving)).toHaveLength(eventsBefore + 1);
    expect(unassignedAudits(leaving)).toHaveLength(1);
    expect(deletedEvents(leaving)).toHaveLength(1);
    const after = await h.call('GET', `/api/programs/${programA.id}/dashboard`, { as: manager });
    expect(
      (after.body.rows as Array<{ ventureId: string; mentors: unknown }>).find(
        (r) => r.ventureId === mentored,
      )?.mentors,
    ).toEqual([{ userId: otherMentor.id, displayName: otherMentor.username }]);
  });

  it('an enrolment or a mentor assignment arriving late (published before the deletion) is refused', async () => {
    const org = institutions(h);
    const organization = await org.organization('free', 'Late Harbour');
    const program = await org.program(organization, { name: 'Late cohort' });
    const [manager, founder, gone, goneMentor] = [h.newUser(), h.newUser(), h.newUser(), h.newUser()];
    await org.member(organization, manager, 'programManager');
    await org.member(organization, goneMentor, 'mentor');
    await org.enrol(program, founder);
    const venture = await createVenture(founder, 'Late Venture');

    for (const user of [gone, goneMentor]) {
      const event = userDeleted(user);
      await h.bus.publish([event]);
      await h.eventually(async () => (await h.ctx.institutions.deletedAmong([user.id])).has(user.id));
    }
    // The organization service's enrolment of `gone`, relayed after the deletion: applied, and nothing enrolled.
    await org.enrol(program, gone);
    expect(await enrolmentRows(gone)).toEqual([]);
    expect((await h.call('GET', '/api/enrolments', { as: gone })).body).toEqual([]);
    expect(enrolmentEvents(gone)).toEqual([]);
    // Still a mentor in the read model until the organization's removal arrives, but not assignable.
    const assign = await h.call('PUT', `/api/programs/${program.id}/ventures/${venture}/mentors`, {
      as: manager,
      body: { mentorIds: [goneMentor.id] },
    });
    expect(assign.status).toBe(404);
    expect(assign.body).toEqual({ code: 'MENTOR.NOT_FOUND', message: 'Mentor not found' });
    const dashboard = await h.call('GET', `/api/programs/${program.id}/dashboard`, { as: manager });
    expect(
      (dashboard.body.rows as Array<{ ventureId: string; mentors: unknown }>).find(
        (r) => r.ventureId === venture,
      )?.mentors,
    ).toEqual([]);
  });
});
