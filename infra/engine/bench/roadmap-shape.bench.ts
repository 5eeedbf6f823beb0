/**
 * The roadmap's query shape (issue 22): ventures with 50 embedded tasks, read whole by `_id` and changed one
 * task at a time by position, exactly as the venture service does it — an `$elemMatch` on the task's id and
 * its expected status in the filter, `$set` through `tasks.$[task]` with an array filter — against 1,000 and
 * 10,000 ventures (500,000 embedded tasks), with the `tasks._id` index the service declares. The check: the
 * rates at 10,000 ventures within 2x of those at 1,000 (the lookups are index reads, not scans).
 *
 * Run: npm run bench:roadmap -w @app/mongo-embedded → table on stdout, JSON in bench-results/mongo-embedded-roadmap.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.ts';
import { parallel, timed } from './support.ts';

const SIZES = [1_000, 10_000];
const TASKS = 50;
const OPERATIONS = 5_000;
const CONCURRENCY = 8;
const BATCH = 200;
const STATUSES = ['todo', 'in_progress', 'done', 'blocked'] as const;

interface Task {
  _id: ObjectId;
  taskId: number;
  title: string;
  description: string;
  category: string;
  status: (typeof STATUSES)[number];
  assigneeId: string | null;
  dueDate: string | null;
  prerequisiteIds: ObjectId[];
}

interface Venture {
  _id: ObjectId;
  userId: string;
  name: string;
  members: { userId: string; role: string }[];
  tasks: Task[];
  createdAt: Date;
}

interface Row {
  ventures: number;
  insertsPerSec: number;
  readsPerSec: number;
  taskUpdatesPerSec: number;
  findByTaskIdPerSec: number;
}

function venture(i: number): Venture {
  const userId = new ObjectId().toHexString();
  return {
    _id: new ObjectId(),
    userId,
    name: `Venture ${i}`,
    members: [{ userId, role: 'owner' }],
    tasks: Array.from({ length: TASKS }, (_, t) => ({
      _id: new ObjectId(),
      taskId: t + 1,
      title: `Task ${t + 1}`,
      description: 'A standard task of the roadmap, as long as a real one-line summary is.',
      category: 'Ideation & Market Research',
      status: 'todo',
      assigneeId: null,
      dueDate: null,
      prerequisiteIds: [],
    })),
    createdAt: new Date(),
  };
}

async function measure(count: number): Promise<Row> {
  const mongo = await startEmbeddedMongo();
  const client = await new MongoClient(mongo.url).connect();
  try {
    const coll = client.db('bench').collection<Venture>('ventures');
    await coll.createIndex({ 'tasks._id': 1 });
    await coll.createIndex({ 'members.userId': 1, createdAt: 1 });
    const ventures: { id: ObjectId; userId: string; taskIds: ObjectId[] }[] = [];
    const insertSeconds = await timed(async () => {
      for (let start = 0; start < count; start += BATCH) {
        const docs = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => venture(start + k));
        for (const d of docs)
          ventures.push({ id: d._id, userId: d.userId, taskIds: d.tasks.map((t) => t._id) });
        await coll.insertMany(docs);
      }
    });
    const pick = (i: number) => ventures[(i * 7919) % count]!;
    // Each venture's task statuses as the bench set them, so every update names the status it expects.
    const statusOf = new Map<string, (typeof STATUSES)[number]>();
    const read = async (i: number) => {
      const v = pick(i);
      const doc = await coll.findOne({ _id: v.id, 'members.userId': v.userId });
      if (!doc || doc.tasks.length !== TASKS) throw new Error('missing venture');
    };
    const update = async (i: number) => {
      const v = pick(i);
      const taskId = v.taskIds[i % TASKS]!;
      const key = taskId.toHexString();
      const from = statusOf.get(key) ?? 'todo';
      const to = STATUSES[(STATUSES.indexOf(from) + 1) % STATUSES.length]!;
      statusOf.set(key, to);
      const result = await coll.findOneAndUpdate(
        {
          _id: v.id,
          'members.userId': v.userId,
          tasks: { $elemMatch: { _id: taskId, status: from } },
        },
        { $set: { 'tasks.$[task].status': to } },
        { arrayFilters: [{ 'task._id': taskId }], returnDocument: 'after' },
      );
      if (!result) throw new Error('task update matched nothing');
    };
    const findByTask = async (i: number) => {
      const v = pick(i);
      const doc = await coll.findOne(
        { 'tasks._id': v.taskIds[(i * 13) % TASKS]! },
        { projection: { _id: 1 } },
      );
      if (!doc) throw new Error('missing venture by task id');
    };
    // Warm up the JIT so the first size is not penalized.
    await parallel(500, CONCURRENCY, read);
    const readSeconds = await timed(() => parallel(OPERATIONS, CONCURRENCY, read));
    // Updates run one at a time per task (`statusOf` must see each write before the next on the same task).
    const updateSeconds = await timed(async () => {
      for (let i = 0; i < OPERATIONS; i++) await update(i);
    });
    const findSeconds = await timed(() => parallel(OPERATIONS, CONCURRENCY, findByTask));
    return {
      ventures: count,
      insertsPerSec: Math.round(count / insertSeconds),
      readsPerSec: Math.round(OPERATIONS / readSeconds),
      taskUpdatesPerSec: Math.round(OPERATIONS / updateSeconds),
      findByTaskIdPerSec: Math.round(OPERATIONS / findSeconds),
    };
  } finally {
    await client.close();
    await mongo.stop();
  }
}

const rows: Row[] = [];
for (const size of SIZES) rows.push(await measure(size));
const [small, large] = rows as [Row, Row];
const ratios = {
  read: large.readsPerSec / small.readsPerSec,
  taskUpdate: large.taskUpdatesPerSec / small.taskUpdatesPerSec,
  findByTaskId: large.findByTaskIdPerSec / small.findByTaskIdPerSec,
};
const met = Object.values(ratios).every((ratio) => ratio >= 0.5);

console.table(
  rows.map((r) => ({
    ventures: r.ventures,
    'tasks embedded': r.ventures * TASKS,
    'ventures inserted/s': r.insertsPerSec,
    'roadmap reads/s': r.readsPerSec,
    'task updates/s (by position)': r.taskUpdatesPerSec,
    'finds by task id/s': r.findByTaskIdPerSec,
  })),
);
console.log(
  `roadmap rates at 10,000 ventures within 2x of 1,000: ${met ? 'met' : 'NOT met'} (read ${ratios.read.toFixed(2)}x, update ${ratios.taskUpdate.toFixed(2)}x, find by task ${ratios.findByTaskId.toFixed(2)}x)`,
);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(repoRoot, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(
  path.join(outDir, 'mongo-embedded-roadmap.json'),
  JSON.stringify(
    {
      benchmark: 'mongo-embedded roadmap shape',
      node: process.version,
      date: new Date().toISOString(),
      settings: {
        tasksPerVenture: TASKS,
        operations: OPERATIONS,
        concurrency: CONCURRENCY,
        storage: 'memory',
      },
      results: rows,
      checks: [
        {
          name: 'roadmap reads, task updates and finds by task id at 10,000 ventures within 2x of 1,000',
          met,
          ratios: Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, Number(v.toFixed(3))])),
        },
      ],
    },
    null,
    2,
  ) + '\n',
);
