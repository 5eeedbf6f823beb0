import { randomUUID } from 'node:crypto';

export interface TestMongo {
  /** Server URL without a database name. */
  url: string;
  /** A database name no other test uses. */
  uniqueDbName(prefix: string): string;
  stop(): Promise<void>;
  kind: 'external' | 'embedded';
}

/**
 * The database for integration tests (DESIGN.md "Tests"): `MONGO_URL` when set, else the embedded engine
 * in memory. (testcontainers would come between the two where a Docker engine exists; none does here.)
 */
export async function startTestMongo(): Promise<TestMongo> {
  const uniqueDbName = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;
  const external = process.env.MONGO_URL;
  if (external) {
    const url = new URL(external);
    url.pathname = '/';
    return { url: url.toString().replace(/\/$/, ''), uniqueDbName, stop: async () => {}, kind: 'external' };
  }
  const { startEmbeddedMongo } = await import('@app/mongo-embedded');
  const engine = await startEmbeddedMongo({ port: 0 });
  return { url: engine.url, uniqueDbName, stop: () => engine.stop(), kind: 'embedded' };
}
