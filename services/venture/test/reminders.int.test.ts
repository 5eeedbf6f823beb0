import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectMongo, type EventEnvelope, type MongoHandle } from '@app/common';
import { Types } from 'mongoose';
import { nextReminderOn } from '../src/domain/reminder-schedule.ts';
import { sendDueReminders, type ReminderTick } from '../src/domain/send-due-reminders.ts';
import type { VentureContext } from '../src/domain/venture.ts';
import { ventureModel } from '../src/store/venture.model.ts';
import { createVentureRepository } from '../src/store/venture.repository.ts';
import { logger, startHarness, type Harness, type TestUser } from './support/harness.ts';

/*
 * Issue 17: each reminder goes out once per task, kind and due date, with two replicas of the venture
 * service (two repositories on two connections to one database) ticking together over a test clock, and
 * after a restart (a third, fresh repository). The clock moves; nothing sleeps for days.
 */

let h: Harness;
let second: MongoHandle;
let third: MongoHandle;
let now = new Date('2027-03-10T12:00:00Z');
let replicaA: VentureContext;
let replicaB: VentureContext;
let restarted: VentureContext;

beforeAll(async () => {
  h = await startHarness();
  second = await connectMongo({ url: h.mongoUrl, dbName: h.dbName, logger });
  third = await connectMongo({ url: h.mongoUrl, dbName: h.dbName, logger });
  const clock = () => now;
  const nudge = () => h.relay.nudge();
  replicaA = { ...h.ctx, clock };
  replicaB = {
    ...h.ctx,
    ventures: createVentureRepository(ventureModel(second.connection), { onEventsWritten: nudge }),
    clock,
  };
  restarted = {
    ...h.ctx,
    ventures: createVentureRepository(ventureModel(third.connection), { onEventsWritten: nudge }),
    clock,
  };
}, 60_000);

afterAll(async () => {
  await second?.close();
  await third?.close();
  await h?.stop();
});

interface Venture {
  id: string;
  tasks: Array<{ id: string; title: string }>;
}

async function createVenture(user: TestUser, name: string, timeZone = 'UTC'): Promise<Venture> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  await h.Venture.updateOne({ _id: new Types.ObjectId((res.body as Venture).id) }, { $set: { timeZone } });
  return res.body as Venture;
}

const today = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/**
 * What a due-date write does (plans-server's dates route, the same rule): the due date, every reminder
 * re-armed (`remindedFor` cleared) and the next reminder day, in one write.
 */
async function setDue(venture: Venture, index: number, dueDate: string | null, status?: string) {
  const task = venture.tasks[index]!;
  const doc = await h.Venture.findById(venture.id).lean();
  const zone = doc!.timeZone ?? 'UTC';
  const current = doc!.tasks.find((t) => String(t._id) === task.id)!;
  const nextStatus = (status ?? current.status) as 'todo';
  await h.Venture.updateOne(
    { _id: new Types.ObjectId(venture.id) },
    {
      $set: {
        'tasks.$[task].dueDate': dueDate,
        'tasks.$[task].remindedFor': {},
        'tasks.$[task].status': nextStatus,
        'tasks.$[task].nextReminderOn': nextReminderOn(
          { dueDate, status: nextStatus, remindedFor: {} },
          today(zone),
        ),
      },
    },
    { arrayFilters: [{ 'task._id': new Types.ObjectId(task.id) }] },
  );
}

type Reminder = EventEnvelope<'task.reminder_due'>;
const reminders = () => h.received.filter((e): e is Reminder => e.type === 'task.reminder_due');
const summary = (events: Reminder[]) =>
  events.map((e) => `${e.data.taskTitle}|${e.data.kind}|${e.data.dueDate}|${e.data.recipient.email}`).sort();

/** Both replicas tick `rounds` times at once; every event they wrote is relayed before this returns. */
async function tickTogether(rounds = 3): Promise<ReminderTick[]> {
  const ticks: ReminderTick[] = [];
  for (let round = 0; round < rounds; round += 1) {
    ticks.push(
      ...(await Promise.all([
        sendDueReminders(replicaA, { correlationId: `a-${round}` }, 2),
        sendDueReminders(replicaB, { correlationId: `b-${round}` }, 3),
      ])),
    );
  }
  await settle();
  return ticks;
}

/**
 * Until no outbox holds an event and the bus has delivered what was relayed: deliveries have stopped for
 * 300 ms. A relayed event can take longer than that fixed window to arrive on a loaded machine (a CI run
 * counted one more after it), so wait for quiet rather than assert it; the tests' exact event lists still
 * catch any duplicate.
 */
async function settle() {
  await h.eventually(async () => {
    const waiting = await h.Venture.countDocuments({ 'outbox.0': { $exists: true } });
    return waiting === 0;
  });
  let seen = reminders().length;
  for (let round = 0; round < 50; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (reminders().length === seen) return;
    seen = reminders().length;
  }
  throw new Error('reminder deliveries did not stop within 15 s');
}

const sentBy = (ticks: ReminderTick[]) => ticks.reduce((sum, t) => sum + t.sent, 0);

describe('due-date reminders (two replicas, a test clock)', () => {
  let owner: TestUser;
  let editor: TestUser;
  let utc: Venture;
  let east: Venture;
  let west: Venture;
  let deleted: Venture;
  let baseline = 0;

  beforeAll(async () => {
    owner = h.newUser();
    editor = h.newUser();
    utc = await createVenture(owner, 'Acme Rockets');
    east = await createVenture(owner, 'Kiritimati Kites', 'Pacific/Kiritimati'); // UTC+14
    west = await createVenture(owner, 'Pacific Pies', 'America/Los_Angeles');
    deleted = await createVenture(owner, 'Gone Ltd');
    // An editor of the UTC venture, assigned its first task: the reminder goes to them.
    await h.Venture.updateOne(
      { _id: new Types.ObjectId(utc.id) },
      {
        $push: {
          members: {
            userId: editor.id,
            email: editor.username,
            displayName: 'Edda Editor',
            role: 'editor',
            joinedAt: now,
          },
        },
        $set: { 'tasks.$[task].assigneeId': editor.id },
      },
      { arrayFilters: [{ 'task._id': new Types.ObjectId(utc.tasks[0]!.id) }] },
    );
    baseline = reminders().length;
  });

  it('sends each due reminder once whatever the replicas ticking together, to the assignee or the owner', async () => {
    // Today is 2027-03-10 in UTC, already 2027-03-11 in Kiritimati, still 2027-03-10 in Los Angeles.
    await setDue(utc, 0, '2027-03-11'); // due tomorrow (assigned to the editor)
    await setDue(utc, 1, '2027-03-17'); // due in 7 days
    await setDue(utc, 2, '2027-03-05'); // overdue
    await setDue(utc, 3, '2027-03-12'); // nothing today
    await setDue(utc, 4, '2027-03-11', 'done'); // done: never reminded
    await setDue(east, 0, '2027-03-12'); // tomorrow there
    await setDue(west, 0, '2027-03-12'); // the day after tomorrow there
    await setDue(deleted, 0, '2027-03-11');
    await h.Venture.updateOne({ _id: new Types.ObjectId(deleted.id) }, { $set: { deletedAt: now } });

    const ticks = await tickTogether(4);
    const events = reminders().slice(baseline);
    const [t0, t1, t2] = [utc.tasks[0]!.title, utc.tasks[1]!.title, utc.tasks[2]!.title];
    expect(summary(events)).toEqual(
      [
        `${t0}|due_tomorrow|2027-03-11|${editor.username}`,
        `${t1}|due_in_7_days|2027-03-17|${owner.username}`,
        `${t2}|overdue|2027-03-05|${owner.username}`,
        `${east.tasks[0]!.title}|due_tomorrow|2027-03-12|${owner.username}`,
      ].sort(),
    );
    expect(sentBy(ticks)).toBe(4);
    const one = events.find((e) => e.data.taskId === east.tasks[0]!.id)!;
    expect(one.data).toMatchObject({
      ventureId: east.id,
      ventureName: 'Kiritimati Kites',
      timeZone: 'Pacific/Kiritimati',
      recipient: { userId: owner.id },
    });
    expect(one.producer).toBe('venture');
  });

  it('sends nothing more after a restart, nor for a due date moved a week out; moved back, it sends again', async () => {
    const before = reminders().length;
    const afterRestart = await sendDueReminders(restarted, { correlationId: 'restart' });
    await settle();
    expect(afterRestart.sent).toBe(0);
    expect(reminders().length).toBe(before);

    await setDue(utc, 0, '2027-03-18'); // 8 days ahead: no reminder today
    expect(sentBy(await tickTogether())).toBe(0);
    expect(reminders().length).toBe(before);

    await setDue(utc, 0, '2027-03-11'); // back to tomorrow: re-armed
    expect(sentBy(await tickTogether())).toBe(1);
    const again = reminders().slice(before);
    expect(summary(again)).toEqual([`${utc.tasks[0]!.title}|due_tomorrow|2027-03-11|${editor.username}`]);
  });

  it('moves on with the clock: the next day and the day after bring their reminders, each once', async () => {
    const before = reminders().length;
    now = new Date('2027-03-11T12:00:00Z');
    expect(sentBy(await tickTogether())).toBe(2);
    expect(summary(reminders().slice(before))).toEqual(
      [
        `${utc.tasks[3]!.title}|due_tomorrow|2027-03-12|${owner.username}`,
        `${west.tasks[0]!.title}|due_tomorrow|2027-03-12|${owner.username}`,
      ].sort(),
    );

    const second = reminders().length;
    now = new Date('2027-03-12T12:00:00Z');
    await tickTogether();
    // Overdue: the first task (due 03-11) and, in Kiritimati (already 03-13), its task due 03-12.
    expect(summary(reminders().slice(second))).toEqual(
      [
        `${utc.tasks[0]!.title}|overdue|2027-03-11|${editor.username}`,
        `${east.tasks[0]!.title}|overdue|2027-03-12|${owner.username}`,
      ].sort(),
    );

    // Nothing is left to send today, and a restarted replica agrees.
    const third = reminders().length;
    expect((await sendDueReminders(restarted, { correlationId: 'restart-2' })).sent).toBe(0);
    expect(sentBy(await tickTogether(2))).toBe(0);
    expect(reminders().length).toBe(third);
  });

  it('a task done before its reminder is not reminded, and its next reminder day is cleared', async () => {
    now = new Date('2027-03-12T12:00:00Z');
    await setDue(utc, 5, '2027-03-13');
    await h.Venture.updateOne(
      { _id: new Types.ObjectId(utc.id) },
      { $set: { 'tasks.$[task].status': 'done' } },
      { arrayFilters: [{ 'task._id': new Types.ObjectId(utc.tasks[5]!.id) }] },
    );
    const before = reminders().length;
    const ticks = await tickTogether(1);
    expect(sentBy(ticks)).toBe(0);
    expect(reminders().length).toBe(before);
    const doc = await h.Venture.findById(utc.id).lean();
    expect(doc!.tasks.find((t) => String(t._id) === utc.tasks[5]!.id)!.nextReminderOn).toBeNull();
  });
});

describe('due-date reminders after the dates route (real clock)', () => {
  it('due tomorrow: one reminder; moved 8 days out: nothing; back to tomorrow: one more', async () => {
    now = new Date();
    const owner = h.newUser();
    const venture = await createVenture(owner, 'Route Co');
    const task = venture.tasks[0]!;
    const utcToday = today('UTC');
    const dates = async (dueDate: string) => {
      const res = await h.call('PUT', `/api/venture-tasks/${task.id}/dates`, {
        as: owner,
        body: { startDate: null, dueDate },
      });
      expect(res.status).toBe(200);
    };
    const mine = () => reminders().filter((e) => e.data.taskId === task.id);
    const addDays = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

    await dates(addDays(utcToday, 1));
    await tickTogether(2);
    expect(mine().map((e) => e.data.kind)).toEqual(['due_tomorrow']);

    await dates(addDays(utcToday, 8));
    await tickTogether(2);
    expect(mine()).toHaveLength(1);

    await dates(addDays(utcToday, 1));
    await tickTogether(2);
    expect(mine().map((e) => [e.data.kind, e.data.dueDate])).toEqual([
      ['due_tomorrow', addDays(utcToday, 1)],
      ['due_tomorrow', addDays(utcToday, 1)],
    ]);
  });
});
