import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createEvent,
  createLogger,
  parseConfig,
  type EventBus,
  type EventEnvelope,
  type EventData,
  type EventType,
} from '@app/common';
import type { TestMongo } from '@app/testing';
import mongoose from 'mongoose';
import { mailerConfigSchema } from '../../src/config.ts';
import { startMailerService, type RunningMailerService } from '../../src/main.ts';

export const PUBLIC_URL = 'https://app.example.test';
export const CONTACT_INBOX = 'team@example.test';

export interface MailerSetup {
  mongo: TestMongo;
  dbName: string;
  queue: string;
  /** The topic exchange the mailers started here bind to: the shared broker's `events` traffic stays out. */
  exchange: string;
  dataDir: string;
  start(env: Record<string, string | undefined>, bus?: EventBus): Promise<RunningMailerService>;
  /** Every queue the mailers started here declared on RabbitMQ (main, delay and dead-letter queues). */
  queues(): string[];
  /** The samples of one metric on a running mailer's `/metrics`, by `queue` label (or `''`). */
  metric(service: RunningMailerService, name: string): Promise<Map<string, number>>;
  /** The sent-log as stored. */
  sentLog(): Promise<Array<{ _id: string; state: string }>>;
  stop(): Promise<void>;
}

/** A fresh database, queue name and data directory for one test; mailers started through it share them. */
export async function setUpMailer(mongo: TestMongo): Promise<MailerSetup> {
  const dbName = mongo.uniqueDbName('mailer_test');
  const queue = `mailer-test.${randomUUID().slice(0, 8)}`;
  const exchange = `${queue}.events`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mailer-test-'));
  const started: RunningMailerService[] = [];
  const declared = new Set<string>();
  return {
    mongo,
    dbName,
    queue,
    exchange,
    dataDir,
    async start(env, bus) {
      const config = parseConfig(mailerConfigSchema, {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        MONGO_URL: mongo.url,
        DATA_DIR: dataDir,
        PUBLIC_URL,
        CONTACT_INBOX,
        MAILER_QUEUE: queue,
        MAIL_RETRY_BASE_MS: '50',
        MAIL_RETRY_MAX_MS: '400',
        MAIL_MAX_ATTEMPTS: '6',
        SMTP_TIMEOUT_MS: '1500',
        MAIL_CLAIM_LEASE_MS: '3000',
        ...env,
      });
      const service = await startMailerService(config, {
        port: 0,
        dbName,
        bus,
        exchange,
        logger: createLogger({ name: 'mailer-test', level: 'silent' }),
      });
      started.push(service);
      for (const name of [service.queues.main, ...service.queues.retry, service.queues.dead])
        declared.add(name);
      return service;
    },
    queues: () => [...declared],
    async metric(service, name) {
      const response = await fetch(`http://127.0.0.1:${service.port}/metrics`);
      const text = await response.text();
      const samples = new Map<string, number>();
      for (const line of text.split('\n')) {
        const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
        if (!match || match[1] !== name) continue;
        const queueLabel = /(?:^|,)queue="([^"]*)"/.exec(match[2] ?? '')?.[1] ?? '';
        samples.set(queueLabel, Number(match[3]));
      }
      return samples;
    },
    async sentLog() {
      const connection = await mongoose.createConnection(mongo.url, { dbName }).asPromise();
      try {
        return (await connection.collection('sent_mails').find({}).toArray()) as unknown as Array<{
          _id: string;
          state: string;
        }>;
      } finally {
        await connection.close();
      }
    },
    async stop() {
      for (const service of started.splice(0)) await service.close();
      const connection = await mongoose.createConnection(mongo.url, { dbName }).asPromise();
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function event<T extends EventType>(type: T, data: EventData<T>): EventEnvelope<T> {
  return createEvent(type, data, { producer: 'mailer-test' });
}

export function taskUpdated(owner = 'founder@example.test'): EventEnvelope<'task.updated'> {
  return event('task.updated', {
    ventureId: 'v-123',
    ventureName: 'Solar Kiosk',
    taskId: 't-7',
    taskTitle: 'Interview 10 customers',
    fromStatus: 'in_progress',
    toStatus: 'done',
    ownerId: 'u-1',
    ownerUsername: owner,
  });
}

export async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
