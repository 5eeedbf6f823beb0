import { randomUUID } from 'node:crypto';
import { containerSpecs, dockerUnavailableReason, startContainer } from './containers.ts';

export interface TestMongo {
  /** Server URL without a database name. */
  url: string;
  /** A database name no other test uses. */
  uniqueDbName(prefix: string): string;
  stop(): Promise<void>;
  kind: 'external' | 'container' | 'embedded';
}

/**
 * The database for integration tests (DESIGN.md "Tests"): `MONGO_URL` when set, else a MongoDB container
 * where a Docker engine answers, else the embedded engine in memory.
 */
export async function startTestMongo(): Promise<TestMongo> {
  const uniqueDbName = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;
  const external = process.env.MONGO_URL;
  if (external) {
    const url = new URL(external);
    url.pathname = '/';
    return { url: url.toString().replace(/\/$/, ''), uniqueDbName, stop: async () => {}, kind: 'external' };
  }
  if ((await dockerUnavailableReason()) === null) {
    const container = await startContainer(containerSpecs.mongo);
    return { url: container.url, uniqueDbName, stop: container.stop, kind: 'container' };
  }
  const { startEmbeddedMongo } = await import('@app/mongo-embedded');
  const engine = await startEmbeddedMongo({ port: 0 });
  return { url: engine.url, uniqueDbName, stop: () => engine.stop(), kind: 'embedded' };
}
