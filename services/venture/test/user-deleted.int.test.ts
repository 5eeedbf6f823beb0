import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, type EventEnvelope } from '@app/common';
import { startHarness, type Harness, type TestUser } from './support/harness.ts';

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
