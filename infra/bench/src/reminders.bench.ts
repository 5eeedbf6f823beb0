// The reminder scan's cost (issue 17): 10,000 ventures × 50 tasks seeded straight into the database (the
// embedded engine unless MONGO_URL names a MongoDB), ~10% of tasks dated, due dates spread over months and
// over time zones. One tick on a day with that day's reminders due, then a second tick the same day (nothing
// left to send), and the query plan of the scan. Prints a table; JSON in bench-results/reminders.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectMongo, createLogger, syncIndexes } from '@app/common';
import { addDays, todayIn } from '@app/contracts';
import { startEmbeddedMongo } from '@app/mongo-embedded';
import {
  createVentureRepository,
  nextReminderOn,
  sendDueReminders,
  ventureModel,
  type VentureContext,
} from '@app/venture';
import mongoose, { Types } from 'mongoose';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VENTURES = Number(process.env.BENCH_REMINDER_VENTURES ?? 10_000);
const TASKS = 50;
const DATED_PER_VENTURE = 5; // 10% of 50
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Pacific/Auckland',
];
const logger = createLogger({ name: 'bench-reminders', level: process.env.LOG_LEVEL ?? 'silent' });

/** A fixed "now" so runs compare: noon UTC on a Wednesday. */
const NOW = new Date('2027-03-10T12:00:00Z');

async function main(): Promise<void> {
  const external = process.env.MONGO_URL;
  const engine = external ? null : await startEmbeddedMongo({ port: 0 });
  const url = external ? external.replace(/\/[^/]*$/, '') : engine!.url;
  const mongo = await connectMongo({ url, dbName: `bench_reminders_${Date.now().toString(36)}`, logger });
  try {
    const Venture = ventureModel(mongo.connection);
    await syncIndexes(mongo.connection);

    // Seed: raw inserts in batches (what the service would have written: dates and nextReminderOn).
    const seedStarted = performance.now();
    let dated = 0;
    for (let first = 0; first < VENTURES; first += 500) {
      const docs = [];
      for (let v = first; v < Math.min(VENTURES, first + 500); v += 1) {
        const timeZone = ZONES[v % ZONES.length]!;
        const today = todayIn(timeZone, new Date('2027-01-01T12:00:00Z'));
        const owner = new Types.ObjectId().toHexString();
        const tasks = Array.from({ length: TASKS }, (_, t) => {
          const isDated = t % (TASKS / DATED_PER_VENTURE) === 0;
          // Spread over about eight months from 2027-01-01, different per venture and task.
          const dueDate = isDated ? addDays('2027-01-01', (v * 7 + t * 13) % 240) : null;
          if (isDated) dated += 1;
          const status = t % 7 === 0 ? 'done' : 'todo';
          return {
            _id: new Types.ObjectId(),
            taskId: t + 1,
            title: `Task ${t + 1}`,
            description: 'Bench task',
            category: 'Bench',
            status,
            assigneeId: null,
            startDate: null,
            dueDate,
            completedAt: null,
            prerequisiteIds: [],
            remindedFor: {},
            nextReminderOn: nextReminderOn({ dueDate, status, remindedFor: {} }, today),
          };
        });
        docs.push({
          userId: owner,
          ownerUsername: `owner${v}@example.com`,
          name: `Venture ${v}`,
          blurb: '',
          tasks,
          timeZone,
          targetLaunchDate: null,
          members: [
            {
              userId: owner,
              email: `owner${v}@example.com`,
              displayName: `Owner ${v}`,
              role: 'owner',
              joinedAt: new Date('2026-12-01T00:00:00Z'),
            },
          ],
          invitations: [],
          outbox: [],
          deletedAt: null,
          createdAt: new Date('2026-12-01T00:00:00Z'),
          updatedAt: new Date('2026-12-01T00:00:00Z'),
        });
      }
      await Venture.collection.insertMany(docs, { ordered: false });
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const ctx = {
      ventures: createVentureRepository(Venture),
      clock: () => NOW,
    } as unknown as VentureContext;

    // Catch up from 2027-01-01 to the bench day (the first tick after a long pause sends every overdue
    // reminder once); not measured: the steady state is one day's worth per tick.
    const catchUp = await sendDueReminders(
      { ...ctx, clock: () => new Date('2027-03-09T12:00:00Z') },
      {
        correlationId: 'bench-catch-up',
      },
    );
    await Venture.updateMany({}, { $set: { outbox: [] } });

    const dayStarted = performance.now();
    const dayTick = await sendDueReminders(ctx, { correlationId: 'bench-day' });
    const dayMs = performance.now() - dayStarted;

    const idleRuns: number[] = [];
    let idleTick = null;
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      idleTick = await sendDueReminders(ctx, { correlationId: `bench-idle-${i}` });
      idleRuns.push(performance.now() - started);
    }
    idleRuns.sort((a, b) => a - b);
    const idleMs = idleRuns[Math.floor(idleRuns.length / 2)]!;

    // The scan's query plan. The embedded engine has no `explain` (infra/engine README: it answers
    // "no such command"); on a MongoDB (MONGO_URL) this prints the winning plan.
    const through = todayIn('Etc/GMT-14', NOW);
    let plan: unknown;
    try {
      const explained = (await Venture.find({
        'tasks.nextReminderOn': mongoose.trusted({ $lte: through }),
        deletedAt: null,
      }).explain('queryPlanner')) as
        { queryPlanner?: { winningPlan?: unknown } } | Array<{ queryPlanner?: { winningPlan?: unknown } }>;
      const first = Array.isArray(explained) ? explained[0] : explained;
      plan = first?.queryPlanner?.winningPlan ?? first;
    } catch (err) {
      plan = { unavailable: (err as Error).message };
    }
    const candidates = await Venture.countDocuments({
      'tasks.nextReminderOn': mongoose.trusted({ $lte: through }),
      deletedAt: null,
    });

    const report = {
      ranAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', node: process.version },
      database: external ? 'external MongoDB' : 'embedded engine (in process)',
      seeded: {
        ventures: VENTURES,
        tasksPerVenture: TASKS,
        datedTasks: dated,
        seedSeconds: Math.round(seedSeconds),
      },
      catchUp,
      day: { tick: dayTick, ms: Math.round(dayMs) },
      idle: { tick: idleTick, medianMs: Math.round(idleMs), runsMs: idleRuns.map(Math.round) },
      scan: {
        filter: { 'tasks.nextReminderOn': { $lte: through }, deletedAt: null },
        index: { 'tasks.nextReminderOn': 1 },
        venturesMatchedAfterTheDay: candidates,
        plan,
      },
    };
    console.log(
      `Reminder scan bench — ${report.machine.cpus} × ${report.machine.cpuModel}, Node ${process.version}, ${report.database}`,
    );
    console.table([
      {
        figure: 'seeded',
        value: `${VENTURES} ventures × ${TASKS} tasks, ${dated} dated (${seedSeconds.toFixed(0)} s)`,
      },
      {
        figure: 'tick with a day of reminders due',
        value: `${Math.round(dayMs)} ms (${dayTick.ventures} ventures read, ${dayTick.sent} sent, ${dayTick.rescheduled} rescheduled)`,
      },
      {
        figure: 'tick with nothing due (median of 5)',
        value: `${Math.round(idleMs)} ms (${idleTick?.ventures} ventures read)`,
      },
    ]);
    console.log('scan plan:', JSON.stringify(plan, null, 2));
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'reminders.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('report: bench-results/reminders.json');
  } finally {
    await mongo.connection.dropDatabase().catch(() => undefined);
    await mongo.close();
    await engine?.stop();
  }
}

await main();
