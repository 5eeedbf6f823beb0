/**
 * Point-read benchmark through the real driver: inserts/s and reads/s by `_id` and
 * by a unique field, at 10,000 and 100,000 documents. Index lookups are Map-based,
 * so the read rate should not depend on collection size: the check is that the
 * rate at 100k is within 2x of the rate at 10k.
 *
 * Run: npm run bench -w @app/mongo-embedded  → table on stdout, JSON in bench-results/mongo-embedded.json
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.ts';
import { parallel, timed } from './support.ts';

const SIZES = [10_000, 100_000];
const READS = 20_000;
const CONCURRENCY = 8;
const SINGLE_INSERTS = 2_000;
const BATCH = 1_000;

interface Row {
  documents: number;
  bulkInsertsPerSec: number;
  singleInsertsPerSec: number;
  readsByIdPerSec: number;
  readsByUniquePerSec: number;
}

interface BenchDoc {
  _id: ObjectId;
  email: string;
  name: string;
  n: number;
}

async function measure(documents: number): Promise<Row> {
  const mongo = await startEmbeddedMongo();
  const client = await new MongoClient(mongo.url).connect();
  try {
    const coll = client.db('bench').collection<BenchDoc>('points');
    await coll.createIndex({ email: 1 }, { unique: true });
    const ids: ObjectId[] = [];
    const bulkSeconds = await timed(async () => {
      for (let start = 0; start < documents; start += BATCH) {
        const docs: BenchDoc[] = [];
        for (let i = start; i < Math.min(documents, start + BATCH); i++) {
          const _id = new ObjectId();
          ids.push(_id);
          docs.push({ _id, email: `user${i}@example.com`, name: `User ${i}`, n: i });
        }
        await coll.insertMany(docs);
      }
    });
    const singleSeconds = await timed(async () => {
      for (let i = 0; i < SINGLE_INSERTS; i++) {
        await coll.insertOne({ _id: new ObjectId(), email: `single${i}@example.com`, name: 'single', n: -i });
      }
    });
    const pick = (i: number): number => (i * 7919) % documents;
    // Warm up the JIT so the first size measured is not penalised.
    await parallel(2_000, CONCURRENCY, async (i) => {
      await coll.findOne({ _id: ids[pick(i)]! });
      await coll.findOne({ email: `user${pick(i)}@example.com` });
    });
    const byId = await timed(() =>
      parallel(READS, CONCURRENCY, async (i) => {
        const doc = await coll.findOne({ _id: ids[pick(i)]! });
        if (!doc) throw new Error('missing document by _id');
      }),
    );
    const byUnique = await timed(() =>
      parallel(READS, CONCURRENCY, async (i) => {
        const doc = await coll.findOne({ email: `user${pick(i)}@example.com` });
        if (!doc) throw new Error('missing document by email');
      }),
    );
    return {
      documents,
      bulkInsertsPerSec: Math.round(documents / bulkSeconds),
      singleInsertsPerSec: Math.round(SINGLE_INSERTS / singleSeconds),
      readsByIdPerSec: Math.round(READS / byId),
      readsByUniquePerSec: Math.round(READS / byUnique),
    };
  } finally {
    await client.close();
    await mongo.stop();
  }
}

/** insertOne rate with a data directory: every write is journaled before it is acknowledged. */
async function journaledInserts(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mongo-embedded-bench-'));
  const mongo = await startEmbeddedMongo({ dbPath: dir });
  const client = await new MongoClient(mongo.url).connect();
  try {
    const coll = client.db('bench').collection<BenchDoc>('journaled');
    await coll.createIndex({ email: 1 }, { unique: true });
    const seconds = await timed(async () => {
      for (let i = 0; i < SINGLE_INSERTS; i++) {
        await coll.insertOne({ _id: new ObjectId(), email: `j${i}@example.com`, name: 'journaled', n: i });
      }
    });
    return Math.round(SINGLE_INSERTS / seconds);
  } finally {
    await client.close();
    await mongo.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const size of SIZES) rows.push(await measure(size));
const journaledInsertsPerSec = await journaledInserts();

const [small, large] = rows as [Row, Row];
const ratioById = large.readsByIdPerSec / small.readsByIdPerSec;
const ratioByUnique = large.readsByUniquePerSec / small.readsByUniquePerSec;
const met = ratioById >= 0.5 && ratioByUnique >= 0.5;

console.table(
  rows.map((r) => ({
    documents: r.documents,
    'inserts/s (insertMany)': r.bulkInsertsPerSec,
    'inserts/s (insertOne)': r.singleInsertsPerSec,
    'reads/s by _id': r.readsByIdPerSec,
    'reads/s by unique field': r.readsByUniquePerSec,
  })),
);
console.log(`insertOne with --dbpath (journaled before acknowledging): ${journaledInsertsPerSec}/s`);
console.log(
  `point-read rate at 100k within 2x of 10k: ${met ? 'met' : 'NOT met'} (by _id ${ratioById.toFixed(2)}x, by unique field ${ratioByUnique.toFixed(2)}x)`,
);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(repoRoot, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(
  path.join(outDir, 'mongo-embedded.json'),
  JSON.stringify(
    {
      benchmark: 'mongo-embedded point reads',
      node: process.version,
      date: new Date().toISOString(),
      settings: {
        reads: READS,
        concurrency: CONCURRENCY,
        singleInserts: SINGLE_INSERTS,
        insertBatch: BATCH,
        storage: 'memory',
      },
      results: rows,
      journaledSingleInsertsPerSec: journaledInsertsPerSec,
      checks: [
        {
          name: 'point-read rate at 100k within 2x of 10k',
          met,
          ratioById: Number(ratioById.toFixed(3)),
          ratioByUniqueField: Number(ratioByUnique.toFixed(3)),
        },
      ],
    },
    null,
    2,
  ) + '\n',
);
