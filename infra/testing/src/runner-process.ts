// The all-in-one runner (`npm start`, infra/runner) as its own process, for tests of that process: its
// metrics, its readiness, its shutdown. Tests that compose services in-process use `startPlatform`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_SERVICES, type PlatformServiceName } from '@app/runner';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The runner's SERVICE_PORT_BASE offsets (`portOffset` in infra/runner/src/services.ts). */
export const SERVICE_PORT_OFFSETS = Object.fromEntries(
  PLATFORM_SERVICES.map((service) => [service.name, service.portOffset]),
) as Record<PlatformServiceName, number>;
export type RunnerServiceName = PlatformServiceName;

export interface RunningRunner {
  baseUrl: string;
  serviceUrl(name: RunnerServiceName): string;
  dataDir: string;
  /** What the runner printed so far (its last 20,000 characters, stdout and stderr). */
  output(): string;
  /** SIGTERM (SIGKILL after 15 s), then removes the data directory. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or `kill -9`: the process dies at once and its data directory stays (restart it). */
  kill(): Promise<void>;
}

export interface RunnerProcessOptions {
  /** Start again on the data directory of this (killed) runner instead of a fresh one. */
  restartOf?: RunningRunner;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A block of 8 consecutive free ports: the gateway at base, the six services at base+1..base+6. */
async function freePortBlock(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const base = 20_000 + Math.floor(Math.random() * 2000) * 10;
    const ports = Array.from({ length: 8 }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return base;
  }
  throw new Error('no block of free ports found');
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the runner exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${log()}`);
}

/**
 * The all-in-one platform (`npm start`) on its embedded defaults — embedded MongoDB, in-memory sessions,
 * in-process bus, e-mails as .eml files — in a fresh DATA_DIR, on free ports, with a minimal web build so
 * it never builds the real one. The services listen on known ports (SERVICE_PORT_BASE).
 */
export async function startRunnerProcess(
  extraEnv: Record<string, string> = {},
  options: RunnerProcessOptions = {},
): Promise<RunningRunner> {
  const base = await freePortBlock();
  const dataDir = options.restartOf
    ? path.dirname(options.restartOf.dataDir)
    : mkdtempSync(path.join(tmpdir(), 'ops-platform-'));
  const webDist = path.join(dataDir, 'web');
  if (!options.restartOf) {
    mkdirSync(webDist);
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Venture Roadmap</title>');
  }
  const child = spawn(process.execPath, ['infra/runner/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(base),
      SERVICE_PORT_BASE: String(base),
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      PUBLIC_URL: `http://127.0.0.1:${base}`,
      MONGO_URL: '',
      REDIS_URL: '',
      AMQP_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const baseUrl = `http://127.0.0.1:${base}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  try {
    await waitFor(`${baseUrl}/healthz`, child, () => output, 50_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl,
    dataDir: path.join(dataDir, 'data'),
    serviceUrl: (name) => `http://127.0.0.1:${base + SERVICE_PORT_OFFSETS[name]}`,
    output: () => output,
    stop,
    kill,
  };
}
