import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type FaultProxy,
  type SmtpSink,
  startFaultProxy,
  startSmtpSink,
  startTestMongo,
  type SunkMail,
  type TestMongo,
} from '@app/testing';
import { amqpUrl, announceSkip, eventually, sleep } from './support/infra.ts';
import { changeTasks, startPlatform, type ChildMailer, type Platform } from './support/platform.ts';

/*
 * RELIABILITY.md "Faults": the broker connection and the mailer process killed while task e-mails are
 * flowing → no event lost; duplicates suppressed by event id. The mailer runs as its own OS process
 * (services/mailer/src/main.ts) so it can be SIGKILLed; every connection to the shared broker goes
 * through a fault proxy that can cut them all. The SMTP sink answers each message after 40 ms and the
 * mailer sends one at a time, so a stream of 100 e-mails lasts long enough to be broken in the middle.
 */
const broker = amqpUrl();
if (!broker.url) announceSkip('mid-stream.fault.test.ts', broker.reason);
const describeAmqp = broker.url ? describe : describe.skip;
const LEASE_MS = 3000;
/** Messages a mailer process has in the SMTP exchange at any moment: the duplicates one kill may cause. */
const MAX_DUPLICATES_PER_KILL = 1;

describeAmqp('broker connection and mailer killed mid-stream', () => {
  let mongo: TestMongo;
  let proxy: FaultProxy;
  let smtp: SmtpSink;
  let platform: Platform;
  let mailer: ChildMailer;

  beforeAll(async () => {
    mongo = await startTestMongo();
    proxy = await startFaultProxy(broker.url!, 5672);
    smtp = await startSmtpSink();
    smtp.setDelay(40);
    platform = await startPlatform({ mongo, amqpUrl: proxy.url, brokerUrl: broker.url! });
    mailer = await platform.spawnMailer(smtp.url, { MAIL_CLAIM_LEASE_MS: String(LEASE_MS) });
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
    await proxy?.close();
    await smtp?.close();
    await mongo?.stop();
  }, 60_000);

  /** 100 task changes by a new founder; resolves with a reader of that founder's task e-mails. */
  async function startStream(name: string) {
    const founder = await platform.newUser();
    const a = await platform.newVenture(founder.browser, `${name} A`);
    const b = await platform.newVenture(founder.browser, `${name} B`);
    const mails = (): SunkMail[] =>
      smtp.accepted.filter((m) => m.to.includes(founder.username) && m.subject.startsWith('Task updated'));
    const changes = changeTasks(founder.browser, [...a.taskIds, ...b.taskIds], 'in_progress');
    return { mails, changes };
  }

  it('the broker connection cut mid-stream: all 100 e-mails, none twice', async () => {
    const { mails, changes } = await startStream('Cut');
    await eventually('e-mails are flowing', () => mails().length >= 20, 30_000, 10);
    proxy.kill();
    const cutAt = mails().length;
    await sleep(1000);
    proxy.restore();
    expect(await changes).toEqual(Array(100).fill(200));
    await eventually(
      '100 distinct e-mails',
      () => new Set(mails().map((m) => m.eventId)).size >= 100,
      60_000,
      100,
    );
    await sleep(1500);
    console.log(`mid-stream.fault: connection cut after ${cutAt} e-mails; ${mails().length} accepted in all`);
    expect(cutAt).toBeLessThan(100);
    expect(mails()).toHaveLength(100);
    expect(new Set(mails().map((m) => m.eventId)).size).toBe(100);
  }, 100_000);

  it('the mailer process SIGKILLed mid-stream and restarted: all 100 e-mails; at most the one in the SMTP exchange at the kill comes twice', async () => {
    const { mails, changes } = await startStream('Crash');
    await eventually('e-mails are flowing', () => mails().length >= 30, 30_000, 10);
    const killedAt = Date.now();
    await mailer.kill();
    const inExchange = smtp.inFlight().length;
    // Whatever the server had taken but not answered, or answered just now: the dead mailer could not
    // record those as sent, so they may legitimately go out again (same Message-ID).
    const exposed = new Set([
      ...smtp.inFlight(),
      ...mails()
        .filter((m) => m.at >= killedAt - 200)
        .map((m) => m.eventId),
    ]);
    const beforeRestart = mails().length;
    expect(beforeRestart).toBeLessThan(100);
    mailer = await platform.spawnMailer(smtp.url, { MAIL_CLAIM_LEASE_MS: String(LEASE_MS) });
    expect(await changes).toEqual(Array(100).fill(200));
    await eventually(
      '100 distinct e-mails',
      () => new Set(mails().map((m) => m.eventId)).size >= 100,
      60_000,
      100,
    );
    // An e-mail claimed by the dead process is taken over only after its lease: wait that out.
    await sleep(LEASE_MS + 1500);

    const copies = new Map<string, number>();
    for (const m of mails()) copies.set(m.eventId, (copies.get(m.eventId) ?? 0) + 1);
    const doubled = [...copies].filter(([, n]) => n > 1).map(([id]) => id);
    console.log(
      `mid-stream.fault: mailer killed after ${beforeRestart} e-mails with ${inExchange} in the SMTP exchange, ${exposed.size} exposed; ` +
        `${mails().length} accepted, ${copies.size} distinct, ${doubled.length} sent twice`,
    );
    expect(copies.size).toBe(100);
    expect([...copies.values()].every((n) => n <= 2)).toBe(true);
    for (const id of doubled) expect(exposed.has(id)).toBe(true);
    // The stated bound (services/mailer/README.md "Exactly once?"): the mailer has one message at a time in
    // the SMTP exchange, so one kill sends at most ONE e-mail twice.
    expect(inExchange).toBeLessThanOrEqual(MAX_DUPLICATES_PER_KILL);
    expect(doubled.length).toBeLessThanOrEqual(MAX_DUPLICATES_PER_KILL);
  }, 110_000);
});
