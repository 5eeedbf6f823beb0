import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A platform of a spec's own: the all-in-one runner (`npm start`) in a fresh data directory, serving the
 * built web app, with the runner's test clock (`TEST_CLOCK_FILE`). A spec that moves time starts one, so
 * the specs sharing the suite's platform never see its clock move.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const OWN_ADMIN = { email: 'own.admin@example.com', password: 'own-admin-password-1' };

export interface OwnPlatform {
  baseURL: string;
  dataDir: string;
  /** Moves the services' clock to `days` after real time (0: back to real time). */
  setClockOffsetDays(days: number): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startOwnPlatform(extraEnv: Record<string, string> = {}): Promise<OwnPlatform> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'venture-roadmap-own-'));
  const clockFile = path.join(dir, 'clock-offset-ms');
  writeFileSync(clockFile, '0');
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['infra/runner/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: path.join(repoRoot, 'web/dist'),
      ADMIN_EMAIL: OWN_ADMIN.email,
      ADMIN_PASSWORD: OWN_ADMIN.password,
      TEST_CLOCK_FILE: clockFile,
      SIGNIN_LIMIT_PER_MINUTE: '100000',
      SESSION_LIMIT_PER_USER: '100000',
      REGISTER_LIMIT_PER_CLIENT: '100000',
      LOGIN_LIMIT_PER_CLIENT: '100000',
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
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the runner exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the runner did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    dataDir: path.join(dir, 'data'),
    async setClockOffsetDays(days) {
      writeFileSync(clockFile, String(days * 86_400_000));
      // The runner re-reads the file every 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 400));
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
