// `npm run lighthouse`: Lighthouse (mobile profile, simulated throttling) on the public pages, in Debian's
// Chromium. It audits LIGHTHOUSE_BASE_URL when set, else starts the all-in-one runner on a free port with the
// embedded defaults and the built web app (WEB_DIST, default web/dist). Each page is audited LIGHTHOUSE_RUNS
// times (default 3) and scored by its median run. Prints one row per page and exits non-zero when a score is
// under its threshold. LIGHTHOUSE_SAVE=<dir> also writes each page's median report there as JSON (its long tasks,
// main-thread breakdown and request chain, for finding where the time goes).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

/**
 * The public pages, all pre-rendered: the landing and marketing pages, the sign-in page every one of them leads
 * to (plain markup without antd since 2026-12-02, issue 22; audited as "antd's floor" before, its performance
 * reported only), and the three legal pages (audited since 2026-12-02).
 */
export const PAGES = [
  '/',
  '/about',
  '/contact',
  '/enterprise',
  '/auth',
  '/terms',
  '/privacy',
  '/cookies',
] as const;

/**
 * The visitors' pages kept out of search indexes on purpose (`noindex`), audited like the public pages except
 * for SEO, which Lighthouse counts against a page that asks not to be indexed: the password-recovery pages (a
 * reset link's address) and the SSO error page (issue 22: every page a visitor can reach).
 */
export const NOINDEX_PAGES = [
  '/forgot-password',
  '/reset-password?token=from-the-link',
  '/auth/sso-error?reason=expired',
] as const;

/**
 * The public page whose content is an organization's: its branded registration, for an organization the script
 * creates through the admin API (issue 22: every public page). Held to the public pages' minimums since the
 * gateway fills its HTML in from the build's template (2026-12-03; it had been held to performance 80 while its
 * content waited for the app and the organization's lookup).
 */
export const ORGANIZATION_PAGE = '/org/{slug}';

/** The administrator the script's own platform seeds, to create that organization. */
const LIGHTHOUSE_ADMIN = { username: 'lighthouse.admin@example.com', password: 'lighthouse-admin-1' };

/** The signed-in page audited besides the public ones: the demo account's roadmap (issue 22). */
export const ROADMAP_PAGE = '/ventures/{id} (signed in)';

/**
 * Minimum scores (0–100) per Lighthouse category. Best practices is held at 100: the one audit the pages
 * used to fail, a console error for the visitor's 401 session check, went with GET /api/session.
 */
export const THRESHOLDS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 100,
  seo: 100,
} as const;

export type Category = keyof typeof THRESHOLDS;
export type Scores = Record<Category, number>;

/** The public pages' minimums without SEO (see NOINDEX_PAGES). */
export const NOINDEX_THRESHOLDS: Scores = { ...THRESHOLDS, seo: 0 };

/**
 * The signed-in roadmap's minimums: performance, accessibility and best practices as on the public pages
 * (since 2026-12-06; it was held at 60 while it stood at 47–94; medians of 98 and 99 in the last two CI runs
 * and 99 over five runs on the quiet VM, issue 22's goal being 98). SEO is not held: the page
 * is private and kept out of search indexes on purpose, which Lighthouse's SEO score counts against it.
 */
export const ROADMAP_THRESHOLDS: Scores = { ...THRESHOLDS, seo: 0 };

const CATEGORIES = Object.keys(THRESHOLDS) as Category[];
const LABELS: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** The categories of one page under their thresholds, as readable lines. */
export function scoreProblems(page: string, scores: Scores, thresholds: Scores = THRESHOLDS): string[] {
  return CATEGORIES.filter((category) => scores[category] < thresholds[category]).map(
    (category) => `${page}: ${LABELS[category]} ${scores[category]} < ${thresholds[category]}`,
  );
}

/** One row per page; a score under its page's threshold is marked ✗ and the threshold shown beside it. */
export function formatTable(
  rows: ReadonlyArray<{ page: string; scores: Scores; thresholds?: Scores }>,
): string {
  const header = ['Page', ...CATEGORIES.map((category) => `${LABELS[category]} (≥${THRESHOLDS[category]})`)];
  const body = rows.map(({ page, scores, thresholds = THRESHOLDS }) => [
    page,
    ...CATEGORIES.map((category) => {
      const own = thresholds[category] === THRESHOLDS[category] ? '' : ` (≥${thresholds[category]})`;
      return `${scores[category]}${own}${scores[category] < thresholds[category] ? ' ✗' : ''}`;
    }),
  ]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...body.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, runner: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (runner.exitCode !== null) throw new Error(`the platform exited with code ${runner.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the platform did not answer ${baseUrl}/healthz within ${timeoutMs / 1000} s`);
}

interface Platform {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startPlatform(): Promise<Platform> {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'venture-roadmap-lighthouse-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: LIGHTHOUSE_ADMIN.username,
    ADMIN_PASSWORD: LIGHTHOUSE_ADMIN.password,
  };
  // The embedded defaults of `npm start`, whatever the shell exports.
  for (const name of ['MONGO_URL', 'REDIS_URL', 'AMQP_URL', 'SMTP_URL']) delete env[name];
  const runner = spawn(process.execPath, ['infra/runner/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (runner.exitCode === null) {
      const exited = new Promise((resolve) => runner.once('exit', resolve));
      runner.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (runner.exitCode === null) runner.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, runner, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** Attempts per page: on a busy machine Chromium now and then loses a trace (NO_NAVSTART and the like). */
const ATTEMPTS = 3;

/** A page to audit: its label in the table, its address and the headers its requests carry. */
interface Target {
  page: string;
  url: string;
  headers?: Record<string, string>;
  thresholds?: Scores;
}

async function auditPage({ url, headers }: Target, port: number) {
  for (let attempt = 1; ; attempt += 1) {
    // The default configuration: mobile form factor and screen, simulated (Lantern) throttling.
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.message}`);
    console.log(`retrying ${url} (${runtimeError.code})`);
  }
}

/**
 * Runs per page. The scores are those of the median run (the run nearest the median first paint and
 * time to interactive, Lighthouse's own answer to run-to-run variance): one run on a busy 2-core machine
 * can lose several performance points to a single long task.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** Where LIGHTHOUSE_SAVE asks the median reports to go (unset: nowhere). */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;

/** LIGHTHOUSE_ONLY=/auth,/ventures audits only the pages whose label starts with one of these. */
const ONLY = process.env.LIGHTHOUSE_ONLY?.split(',').map((page) => page.trim());

/**
 * Signs in as the demo account (the Demo Login of /auth) and finds its venture: the roadmap with its 50
 * tasks, as a founder opens it. The session cookie goes with every request Lighthouse makes.
 */
async function roadmapTarget(baseUrl: string): Promise<Target> {
  const username = process.env.DEMO_USERNAME ?? 'demo@ventureroadmap.app';
  const password = process.env.DEMO_PASSWORD ?? 'demo-founder-2025';
  const cookie = await signIn(baseUrl, username, password, 'the demo account');
  const ventures = await fetch(`${baseUrl}/api/ventures`, { headers: { cookie } });
  if (!ventures.ok) throw new Error(`the demo account's ventures could not be listed: ${ventures.status}`);
  const list = (await ventures.json()) as Array<{ id: string }>;
  const first = list[0];
  if (!first) throw new Error('the demo account has no venture to audit');
  return {
    page: ROADMAP_PAGE,
    url: `${baseUrl}/ventures/${first.id}`,
    headers: { cookie },
    thresholds: ROADMAP_THRESHOLDS,
  };
}

/** The headers of a JSON call the gateway's CSRF checks accept (same origin, the XHR marker). */
function jsonCallHeaders(baseUrl: string): Record<string, string> {
  return { 'content-type': 'application/json', origin: baseUrl, 'x-requested-with': 'XMLHttpRequest' };
}

/** The session cookie of a sign-in with these credentials. */
async function signIn(baseUrl: string, username: string, password: string, who: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: jsonCallHeaders(baseUrl),
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`${who} could not sign in: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
}

/**
 * Creates an organization with a description and its own colours (as an administrator would: against
 * LIGHTHOUSE_BASE_URL, the one of ADMIN_EMAIL and ADMIN_PASSWORD) and audits its registration page as a visitor.
 */
async function organizationTarget(baseUrl: string, external: boolean): Promise<Target> {
  const username = external ? process.env.ADMIN_EMAIL : LIGHTHOUSE_ADMIN.username;
  const password = external ? process.env.ADMIN_PASSWORD : LIGHTHOUSE_ADMIN.password;
  if (!username || !password) {
    throw new Error(
      `auditing ${ORGANIZATION_PAGE} on LIGHTHOUSE_BASE_URL needs ADMIN_EMAIL and ADMIN_PASSWORD (or leave it out with LIGHTHOUSE_ONLY)`,
    );
  }
  const cookie = await signIn(baseUrl, username, password, 'the administrator');
  const slug = `lighthouse-${Date.now().toString(36)}`;
  const created = await fetch(`${baseUrl}/api/admin/organizations`, {
    method: 'POST',
    headers: { ...jsonCallHeaders(baseUrl), cookie },
    body: JSON.stringify({
      name: 'Harbour Accelerator',
      slug,
      logoUrl: null,
      primaryColor: '#14532D',
      secondaryColor: '#F97316',
      description: 'A twelve-week programme for founders on the waterfront.',
      isActive: true,
    }),
  });
  if (!created.ok)
    throw new Error(`the organization could not be created: ${created.status} ${await created.text()}`);
  return { page: ORGANIZATION_PAGE, url: `${baseUrl}/org/${slug}`, thresholds: THRESHOLDS };
}

/**
 * What a failed audit found, three lines at most (a console error's text and where it came from, say), so
 * that a failing CI log says which one without a saved report.
 */
function itemsOf(details: unknown): string[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.slice(0, 3).map((item: Record<string, unknown>) => {
    const location = item.sourceLocation as { url?: string } | undefined;
    // A console error has its text and source; a failed element check, the element (`node`, or `source`).
    const node = [item.node, item.source].find(
      (value): value is { snippet: string } =>
        typeof (value as { snippet?: unknown } | undefined)?.snippet === 'string',
    );
    const text = [item.description, item.url ?? location?.url, item.source, node?.snippet]
      .filter((part) => typeof part === 'string' && part !== '')
      .join(' · ');
    return (text || JSON.stringify(item)).slice(0, 300);
  });
}

async function audit(
  baseUrl: string,
  external: boolean,
): Promise<Array<{ page: string; scores: Scores; thresholds?: Scores; notes: string[] }>> {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const rows = [];
    const wanted = (page: string) => !ONLY || ONLY.some((only) => page.startsWith(only));
    const targets: Target[] = [
      ...PAGES.map((page) => ({ page, url: `${baseUrl}${page}` })),
      ...NOINDEX_PAGES.map((page) => ({ page, url: `${baseUrl}${page}`, thresholds: NOINDEX_THRESHOLDS })),
      // Creates an organization: only when its page is audited.
      ...(wanted(ORGANIZATION_PAGE) ? [await organizationTarget(baseUrl, external)] : []),
      // Signs in: only when the roadmap is audited.
      ...(wanted(ROADMAP_PAGE) ? [await roadmapTarget(baseUrl)] : []),
    ].filter(({ page }) => wanted(page));
    for (const target of targets) {
      const { page, thresholds } = target;
      const runs: Array<Awaited<ReturnType<typeof auditPage>>> = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await auditPage(target, chrome.port));
      const lhr = computeMedianRun(runs) as (typeof runs)[number];
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
      ) as Scores;
      // What cost points, so a failing run says where to look.
      const notes = CATEGORIES.filter((category) => scores[category] < 100).flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => {
            const failed = lhr.audits[ref.id]!;
            const items = category === 'performance' ? [] : itemsOf(failed.details);
            return `${LABELS[category]}: ${failed.title} (${failed.displayValue ?? 'failed'})${items.map((item) => `\n      ${item}`).join('')}`;
          }),
      );
      rows.push({ page, scores, thresholds, notes });
      if (SAVE_DIR) {
        mkdirSync(SAVE_DIR, { recursive: true });
        const file = path.join(
          SAVE_DIR,
          `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`,
        );
        writeFileSync(file, JSON.stringify(lhr));
      }
      console.log(`audited ${page}`);
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<number> {
  const external = process.env.LIGHTHOUSE_BASE_URL?.replace(/\/+$/, '');
  const platform = external ? { baseUrl: external, stop: async () => {} } : await startPlatform();
  try {
    console.log(
      `Lighthouse (mobile, simulated throttling) on ${platform.baseUrl}, the median of ${RUNS} runs per page`,
    );
    const rows = await audit(platform.baseUrl, external !== undefined);
    console.log(`\n${formatTable(rows)}\n`);
    for (const { page, notes } of rows) for (const note of notes) console.log(`  ${page} · ${note}`);
    const problems = rows.flatMap(({ page, scores, thresholds }) => scoreProblems(page, scores, thresholds));
    if (problems.length > 0) {
      console.error(`\nUnder threshold:\n  ${problems.join('\n  ')}`);
      return 1;
    }
    console.log('\nEvery page meets every threshold.');
    return 0;
  } finally {
    await platform.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
