// `npm run bench:cohort -w @app/bench` (issue 18): the cohort dashboard's answer for 200 enrolled ventures × 50
// tasks, through the real gateway, as a program manager sees it. Seeds an organization, a program and its
// program manager by publishing the organization service's events (as it does), registers 200 founders who
// enrol and create a venture each at different progress, then measures GET /api/programs/:id/dashboard:
// sequential latency (p50, p99 over COHORT_BENCH_SAMPLES calls) and under load (autocannon, 4 connections).
// Embedded MongoDB unless MONGO_URL is set (said in the output).
//
//   COHORT_BENCH_VENTURES (default 200), COHORT_BENCH_SAMPLES (100), COHORT_BENCH_DURATION_S (10)
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { createEvent, createLogger, type EventEnvelope } from '@app/common';
import { DEFAULT_RISK_RULES } from '@app/contracts';
import { startPlatform, type Browser } from '@app/testing';

const VENTURES = Number(process.env.COHORT_BENCH_VENTURES ?? 200);
const SAMPLES = Number(process.env.COHORT_BENCH_SAMPLES ?? 100);
const DURATION_S = Number(process.env.COHORT_BENCH_DURATION_S ?? 10);
const SECRET = 'cohort-bench-internal-secret-0123456789abcdef';
const logger = createLogger({ name: 'cohort-bench', level: process.env.LOG_LEVEL ?? 'silent' });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** Runs `work` over `items` with at most `limit` in flight. */
async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

async function main(): Promise<void> {
  const platform = await startPlatform({
    services: ['auth', 'venture'],
    secret: SECRET,
    logger,
    env: {
      services: { LOG_LEVEL: 'silent' },
      // Cheap hashing: registering 200 founders is setup, not what is measured.
      auth: { PASSWORD_ARGON2_MEMORY_KIB: '1024', PASSWORD_ARGON2_PASSES: '1' },
      gateway: {
        LOG_LEVEL: 'silent',
        LOGIN_LIMIT_PER_CLIENT: '1000000',
        REGISTER_LIMIT_PER_CLIENT: '1000000',
        SIGNIN_LIMIT_PER_MINUTE: '1000000',
      },
    },
  });
  try {
    const hex = () => randomBytes(12).toString('hex');
    const organizationId = hex();
    const programId = hex();
    const event = <T extends Parameters<typeof createEvent>[0]>(
      type: T,
      data: Parameters<typeof createEvent<T>>[1],
    ) =>
      createEvent(type, data, { producer: 'organization', correlationId: 'cohort-bench' }) as EventEnvelope;
    const person = (u: { id: string; username: string }) => ({
      userId: u.id,
      email: u.username,
      displayName: u.username,
    });

    const manager = await platform.newUser();
    const founders = await inBatches(Array.from({ length: VENTURES }), 8, () => platform.newUser());
    await platform.bus!.publish([
      event('organization.updated', {
        organizationId,
        slug: `bench-${organizationId}`,
        name: 'Bench Accelerator',
        plan: 'free',
        isActive: true,
      }),
      event('program.changed', {
        programId,
        organizationId,
        name: 'Bench cohort',
        startDate: '2026-01-01',
        endDate: '2027-12-31',
        templateVersion: null,
        riskRules: { ...DEFAULT_RISK_RULES },
        registrationOpen: true,
        archived: false,
      }),
      event('organization.member_changed', {
        organizationId,
        member: person(manager.user),
        role: 'programManager',
        actor: null,
      }),
      ...founders.flatMap((f) => [
        event('organization.member_changed', {
          organizationId,
          member: person(f.user),
          role: 'founder',
          actor: null,
        }),
        event('program.founder_enrolled', { programId, organizationId, founder: person(f.user) }),
      ]),
    ]);
    const last = founders.at(-1)!.browser;
    for (let i = 0; i < 500; i += 1) {
      const mine = await last.call('GET', '/api/enrolments');
      if (mine.status === 200 && mine.body.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Each founder's venture, at a progress of its own: some tasks done, some in progress, one blocked.
    await inBatches(founders, 8, async ({ browser }: { browser: Browser }, index) => {
      const created = await browser.call('POST', '/api/ventures', { name: `Bench venture ${index}` });
      if (created.status !== 201) throw new Error(`venture creation failed: ${created.status}`);
      const free = (created.body.tasks as Array<{ id: string; prerequisiteIds: string[] }>).filter(
        (t) => t.prerequisiteIds.length === 0,
      );
      const moves: Array<[string, string[]]> = [
        ...free.slice(0, index % 4).map((t): [string, string[]] => [t.id, ['in_progress', 'done']]),
        ...free.slice(4, 4 + (index % 3)).map((t): [string, string[]] => [t.id, ['in_progress']]),
        ...(index % 5 === 0 && free[8]
          ? [[free[8].id, ['in_progress', 'blocked']] as [string, string[]]]
          : []),
      ];
      for (const [taskId, statuses] of moves) {
        for (const status of statuses)
          await browser.call('PATCH', `/api/venture-tasks/${taskId}`, { status });
      }
    });

    const path = `/api/programs/${programId}/dashboard`;
    const check = await manager.browser.call('GET', path);
    const rows = check.body?.rows as Array<{ cells: unknown[] | null }> | undefined;
    if (check.status !== 200 || rows?.length !== VENTURES || rows.some((r) => r.cells?.length !== 50)) {
      throw new Error(`unexpected dashboard: ${check.status}, ${rows?.length ?? 0} rows`);
    }
    for (let i = 0; i < 5; i += 1) await manager.browser.call('GET', path);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const started = performance.now();
      const reply = await manager.browser.call('GET', path);
      samples.push(performance.now() - started);
      if (reply.status !== 200) throw new Error(`dashboard answered ${reply.status}`);
    }
    samples.sort((a, b) => a - b);
    const cookie = manager.browser.cookie ?? '';
    const loaded = await autocannon({
      url: `${platform.base}${path}`,
      connections: 4,
      duration: DURATION_S,
      headers: { cookie },
    });
    const bytes = JSON.stringify(check.body).length;
    const result = {
      bench: 'cohort-dashboard',
      mongo: process.env.MONGO_URL ? 'MONGO_URL' : 'embedded engine',
      ventures: VENTURES,
      tasksPerVenture: 50,
      answerBytes: bytes,
      sequential: {
        samples: SAMPLES,
        p50Ms: round(percentile(samples, 50)),
        p99Ms: round(percentile(samples, 99)),
      },
      underLoad: {
        connections: 4,
        durationS: DURATION_S,
        requestsPerSecond: round(loaded.requests.average),
        p50Ms: loaded.latency.p50,
        p99Ms: loaded.latency.p99,
        non2xx: loaded.non2xx,
        errors: loaded.errors + loaded.timeouts,
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await platform.close();
  }
}

await main();
