import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { StartedTestContainer } from 'testcontainers';

/*
 * Where a test's infrastructure comes from (DESIGN.md "Tests"): the URL from the environment when set
 * (CI sets REDIS_URL and AMQP_URL), else a throw-away container through testcontainers when a Docker engine
 * answers, else nothing — and the caller skips with the reason (MongoDB falls back to the embedded engine
 * instead, see test-mongo.ts). Containers are never the only way: machines without Docker run every test
 * that has a URL or a stand-in.
 */

const DOCKER_PROBE_TIMEOUT_MS = 5000;

let dockerProbe: Promise<string | null> | null = null;

/** Candidate Docker endpoints, without touching the network: a machine with none answers at once. */
function dockerEndpointConfigured(): boolean {
  if (process.env.DOCKER_HOST) return true;
  const sockets = [
    '/var/run/docker.sock',
    path.join(homedir(), '.docker/run/docker.sock'),
    path.join(homedir(), '.docker/desktop/docker.sock'),
    path.join(homedir(), '.testcontainers.properties'),
  ];
  return sockets.some((candidate) => existsSync(candidate));
}

/**
 * Null when a Docker engine answers; otherwise why not. Probed once per test file (jest isolates modules),
 * bounded in time, and `TESTCONTAINERS=off` turns containers off altogether.
 */
export function dockerUnavailableReason(): Promise<string | null> {
  dockerProbe ??= (async () => {
    if (process.env.TESTCONTAINERS === 'off') return 'TESTCONTAINERS=off';
    if (!dockerEndpointConfigured()) return 'no Docker engine (no DOCKER_HOST and no docker socket)';
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), DOCKER_PROBE_TIMEOUT_MS);
      });
      try {
        await Promise.race([getContainerRuntimeClient(), timeout]);
      } finally {
        clearTimeout(timer);
      }
      return null;
    } catch (err) {
      return `the Docker engine did not answer (${(err as Error).message})`;
    }
  })();
  return dockerProbe;
}

export interface TestService {
  url: string;
  source: 'environment' | 'container';
  stop(): Promise<void>;
}

/** A server for a test: its URL, or null with the reason the tests that need it are skipped. */
export type TestServiceResult = (TestService & { reason?: undefined }) | { url: null; reason: string };

interface ContainerSpec {
  image: string;
  port: number;
  url(host: string, port: number): string;
  logLine: RegExp;
  env?: Record<string, string>;
}

export async function startContainer(spec: ContainerSpec): Promise<TestService> {
  const { GenericContainer, Wait } = await import('testcontainers');
  let container = new GenericContainer(spec.image)
    .withExposedPorts(spec.port)
    .withWaitStrategy(Wait.forLogMessage(spec.logLine))
    .withStartupTimeout(120_000);
  if (spec.env) container = container.withEnvironment(spec.env);
  const started: StartedTestContainer = await container.start();
  return {
    url: spec.url(started.getHost(), started.getMappedPort(spec.port)),
    source: 'container',
    stop: async () => {
      await started.stop();
    },
  };
}

async function fromEnvOrContainer(variable: string, spec: ContainerSpec): Promise<TestServiceResult> {
  const fromEnv = process.env[variable];
  if (fromEnv) return { url: fromEnv, source: 'environment', stop: async () => undefined };
  const unavailable = await dockerUnavailableReason();
  if (unavailable) return { url: null, reason: `${variable} is not set and ${unavailable}` };
  return startContainer(spec);
}

export const containerSpecs = {
  redis: {
    image: 'redis:7.4-alpine',
    port: 6379,
    url: (host: string, port: number) => `redis://${host}:${port}`,
    logLine: /Ready to accept connections/,
  },
  rabbitmq: {
    image: 'rabbitmq:4.1-alpine',
    port: 5672,
    url: (host: string, port: number) => `amqp://guest:guest@${host}:${port}`,
    logLine: /Server startup complete/,
  },
  mongo: {
    image: 'mongo:8.0',
    port: 27017,
    url: (host: string, port: number) => `mongodb://${host}:${port}`,
    logLine: /Waiting for connections/,
  },
} satisfies Record<string, ContainerSpec>;

/** Redis for a test file: `REDIS_URL`, else a container, else null with the reason. */
export function testRedis(): Promise<TestServiceResult> {
  return fromEnvOrContainer('REDIS_URL', containerSpecs.redis);
}

/** RabbitMQ for a test file: `AMQP_URL`, else a container, else null with the reason. */
export function testRabbitMq(): Promise<TestServiceResult> {
  return fromEnvOrContainer('AMQP_URL', containerSpecs.rabbitmq);
}
