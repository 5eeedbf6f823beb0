import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { createEvent } from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { amqpUrl, announceSkip, eventually, sleep } from './support/infra.ts';
import { PASSWORD, startPlatform, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": a user deleted while the venture service is down → the event waits in the
 * venture service's durable queue, and the restarted service deletes that user's ventures (nobody
 * else's); a repeated `user.deleted` is a no-op. Needs RabbitMQ (the in-process bus of `npm start` loses
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

  it('the restarted venture service deletes the ventures of the user deleted meanwhile, and only those', async () => {
    const queue = `${platform.queuePrefix}venture.user-deleted`;
    const leaving = await platform.newUser();
    const staying = await platform.newUser();
    await platform.newVenture(leaving.browser, 'Leaving One');
    await platform.newVenture(leaving.browser, 'Leaving Two');
    const kept = await platform.newVenture(staying.browser, 'Staying');
    const db = await platform.ventureDb();
    const ventures = db.collection('ventures');
    expect(await ventures.countDocuments({ userId: leaving.id })).toBe(2);

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

    await platform.startVenture();
    await eventually(
      "the leaving user's ventures are gone",
      async () => (await ventures.countDocuments({ userId: leaving.id })) === 0,
      15_000,
    );
    expect((await staying.browser.call('GET', `/api/ventures/${kept.id}`)).status).toBe(200);
    expect((await channel.checkQueue(queue)).messageCount).toBe(0);

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
  }, 60_000);
});
