import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

// A fresh data directory per run, so tests never see a previous run's users. Workers
// re-read this file; they inherit the environment, so all processes agree on one directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'venture-roadmap-e2e-'));
// The administrator the runner seeds (ADMIN_EMAIL/ADMIN_PASSWORD below); tests read the same variables.
process.env.E2E_ADMIN_EMAIL ??= 'e2e.admin@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password-1';

export default defineConfig({
  testDir: path.join(repoRoot, 'web/e2e'),
  outputDir: path.join(repoRoot, 'web/test-results'),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that fails once fails the run.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        // Debian's Chromium, never a downloaded browser.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  // With E2E_BASE_URL the tests run against a platform that is already up.
  webServer: externalBaseUrl
    ? undefined
    : {
        // The Node running Playwright (24, from the `node` dev dependency) runs the TypeScript runner.
        command: `"${process.execPath}" infra/runner/src/main.ts`,
        cwd: repoRoot,
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          // The only origin the gateway's anti-forgery check admits (it no longer trusts the Host header).
          PUBLIC_URL: baseURL,
          // Every test signs in from 127.0.0.1, the demo account and shared users many times a minute.
          SIGNIN_LIMIT_PER_MINUTE: '100000',
          SESSION_LIMIT_PER_USER: '100000',
          // Every test that needs a fresh user registers it from 127.0.0.1: more than 30 in 15 minutes.
          REGISTER_LIMIT_PER_CLIENT: '100000',
          // Issue 17: reminders go out within seconds of a due date set for tomorrow; the feed is fetched often.
          REMINDER_TICK_SECONDS: '2',
          CALENDAR_FEED_LIMIT_PER_MINUTE: '10000',
          DATA_DIR: process.env.E2E_DATA_DIR,
          NODE_ENV: 'test',
          // The embedded defaults of `npm start`, whatever the shell exports: a fresh platform per run, and
          // nothing (sessions, rate-limit counters) carried over in the shared Redis between runs.
          MONGO_URL: '',
          REDIS_URL: '',
          AMQP_URL: '',
          SMTP_URL: '',
          ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
          ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        },
      },
});
