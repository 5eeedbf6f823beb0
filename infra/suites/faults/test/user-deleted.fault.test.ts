import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { createEvent, type EventData, type EventType } from '@app/common';
import { DEFAULT_RISK_RULES } from '@app/contracts';
import { startTestMongo, type TestMongo } from '@app/testing';
import { amqpUrl, announceSkip, eventually, sleep } from './support/infra.ts';
import { PASSWORD, startPlatform, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": a user deleted while the venture service is down → the event waits in the
 * venture service's durable queue, and the restarted service deletes that user's ventures (nobody
 * else's), their enrolment (issue 18: its `program.enrolment_changed` goes out, then the row) and their
 * place among a venture's mentors; a repeated `user.deleted` is a no-op. Needs RabbitMQ (the in-process bus of `npm start` loses
 * events for a consumer that is not running, by design).
 */
const broker = amqpUrl();
if (!broker.url) announceSkip('user-deleted.fault.test.ts', broker.reason);
const describeAmqp = broker.url ? describe : describe.skip;

describeAmqp('user.deleted while the venture service is down', () => {
  let mongo: TestMongo;
  let platform: Platform;
  let admin: ChannelModel;
  let channel: Channel;

  beforeAll(async () => {
    mongo = await startTestMongo();
    platform = await startPlatform({ mongo, amqpUrl: broker.url! });
    admin = await amqp.connect(broker.url!);
    channel = await admin.createChannel();
  }, 60_000);

  afterAll(async () => {
    await admin?.close();
    await platform?.close();
    await mongo?.stop();
  }, 60_000);

  /** Sends an organization service event straight to this run's venture queue, and waits until applied. */
  async function fromOrganization<T extends EventType>(type: T, data: EventData<T>): Promise<void> {
    const event = createEvent(type, data, { producer: 'organization' });
    channel.sendToQueue(
      `${platform.queuePrefix}venture.organization-events`,
      Buffer.from(JSON.stringify(event)),
      { persistent: true, contentType: 'application/json', messageId: event.id },
    );
    const applied = (await platform.ventureDb()).collection('institution_applied_events');
    await eventually(
      `${type} applied`,
      async () => (await applied.countDocuments({ _id: event.id as never })) === 1,
    );
  }

  it('the restarted venture service deletes the ventures of the user deleted meanwhile, and only those', async () => {
    const queue = `${platform.queuePrefix}venture.user-deleted`;
    const leaving = await platform.newUser();
    const staying = await platform.newUser();
    const manager = await platform.newUser();
    // Issue 18: both founders are enrolled in a program; the leaving user also mentors the staying one's venture.
    const hex = (n: number) =>
      `${platform.run.replace(/[^0-9a-f]/g, '0').padEnd(8, '0')}${String(n).padStart(16, '0')}`;
    const organizationId = hex(1);
    const programId = hex(2);
    const person = (u: { id: string; username: string }) => ({
      userId: u.id,
      email: u.username,
      displayName: u.username,
    });
    await fromOrganization('organization.updated', {
      organizationId,
      slug: `faults-${platform.run}`,
      name: 'Fault Accelerator',
      plan: 'enterprise',
      isActive: true,
    });
    await fromOrganization('program.changed', {
      programId,
      organizationId,
      name: 'Fault cohort',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      templateVersion: null,
      riskRules: { ...DEFAULT_RISK_RULES },
      registrationOpen: true,
      archived: false,
    });
    await fromOrganization('organization.member_changed', {
      organizationId,
      member: person(manager),
      role: 'programManager',
      actor: null,
    });
    for (const founder of [leaving, staying]) {
      await fromOrganization('program.founder_enrolled', {
        programId,
        organizationId,
        founder: person(founder),
      });
    }
    const followed = await platform.newVenture(leaving.browser, 'Leaving One');
    await platform.newVenture(leaving.browser, 'Leaving Two');
    const kept = await platform.newVenture(staying.browser, 'Staying');
    // A founder of one program may mentor in another organization; here the leaving founder is also a
    // mentor of this one (the read model keeps one role per organization: the last event's).
    await fromOrganization('organization.member_changed', {
      organizationId,
      member: person(leaving),
      role: 'mentor',
      actor: null,
    });
    const assigned = await manager.browser.call(
      'PUT',
      `/api/programs/${programId}/ventures/${kept.id}/mentors`,
      { mentorIds: [leaving.id] },
    );
    expect(assigned.status).toBe(200);
    const db = await platform.ventureDb();
    const ventures = db.collection('ventures');
    const enrolments = db.collection('enrolments');
    expect(await ventures.countDocuments({ userId: leaving.id })).toBe(2);
    expect(await enrolments.findOne({ userId: leaving.id })).toMatchObject({ ventureId: followed.id });
    expect(await enrolments.findOne({ userId: staying.id })).toMatchObject({
      ventureId: kept.id,
      mentors: [person(leaving)],
    });

    await platform.stopVenture();
    const deleted = await leaving.browser.call('DELETE', '/api/user/account', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    // The event is published by auth's outbox and waits in the (durable) queue with no consumer.
    await eventually('user.deleted waits in the venture queue', async () => {
      const info = await channel.checkQueue(queue);
      return info.messageCount >= 1 && info.consumerCount === 0;
    });
    await sleep(500);
    expect(await ventures.countDocuments({ userId: leaving.id, deletedAt: null })).toBe(2);
    expect(await enrolments.countDocuments({ userId: leaving.id, deletedAt: null })).toBe(1);

    await platform.startVenture();
    await eventually(
      "the leaving user's ventures are gone",
      async () => (await ventures.countDocuments({ userId: leaving.id })) === 0,
      15_000,
    );
    expect((await staying.browser.call('GET', `/api/ventures/${kept.id}`)).status).toBe(200);
    expect((await channel.checkQueue(queue)).messageCount).toBe(0);
    // The enrolment row goes once its `program.enrolment_changed` (enrolled false) is out; the mentor is
    // off the staying founder's venture, which stays in the program.
    await eventually(
      "the leaving user's enrolment is gone",
      async () => (await enrolments.countDocuments({ userId: leaving.id })) === 0,
    );
    const stayingEnrolment = () =>
      staying.browser.call('GET', '/api/enrolments').then((reply) => reply.body as unknown[]);
    expect(await stayingEnrolment()).toEqual([
      expect.objectContaining({ programId, ventureId: kept.id, mentors: [] }),
    ]);

    // The same deletion announced again (a redelivery or a replay): nothing happens, nothing dead-letters.
    const again = createEvent(
      'user.deleted',
      { userId: leaving.id, username: leaving.username },
      { producer: 'auth' },
    );
    channel.sendToQueue(queue, Buffer.from(JSON.stringify(again)), {
      persistent: true,
      contentType: 'application/json',
      messageId: again.id,
    });
    await eventually(
      'the repeat is consumed',
      async () => (await channel.checkQueue(queue)).messageCount === 0,
    );
    await sleep(500);
    expect((await channel.checkQueue(`${queue}.dead`)).messageCount).toBe(0);
    expect(await ventures.countDocuments({ userId: staying.id })).toBe(1);
    expect((await staying.browser.call('GET', '/api/ventures')).body).toHaveLength(1);
    expect(await enrolments.countDocuments({ 'outbox.0': { $exists: true } })).toBe(0);
    expect(await enrolments.countDocuments({ userId: leaving.id })).toBe(0);
    expect(await stayingEnrolment()).toEqual([
      expect.objectContaining({ programId, ventureId: kept.id, mentors: [] }),
    ]);
  }, 60_000);
});
