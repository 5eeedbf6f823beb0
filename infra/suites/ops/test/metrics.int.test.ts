// The series operators read (infra/README.md "Reading the metrics") after real traffic through the
// all-in-one platform: HTTP counts and latency by route and status on the gateway and each service,
// the outbox (published, backlog, age of its oldest event) and the e-mails sent.
import {
  SERVICE_PORT_OFFSETS,
  startRunnerProcess,
  type RunnerServiceName as ServiceName,
  type RunningRunner,
} from '@app/testing';
import { apiClient, parseMetrics, total, type Sample } from './support/platform.ts';

let platform: RunningRunner;

beforeAll(async () => {
  // The gateway serves /metrics on its public port only when asked to (issue 20).
  platform = await startRunnerProcess({ METRICS_PUBLIC: 'true' });
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

it('after a sign-up, a venture and a task change, the gateway and every service expose the HTTP, outbox and e-mail series', async () => {
  const call = apiClient(platform.baseUrl);
  const registered = await call('POST', '/api/register', {
    username: `ops.${Date.now()}@example.com`,
    password: 'metrics-founder-1',
  });
  expect(registered.status).toBe(201);
  const created = await call('POST', '/api/ventures', { name: 'Metrics Co', blurb: 'Observed' });
  expect(created.status).toBe(201);
  const ventureId = (created.body as { id: string }).id;
  const venture = await call('GET', `/api/ventures/${ventureId}`);
  expect(venture.status).toBe(200);
  const task = (venture.body as { tasks: Array<{ id: string }> }).tasks[0]!;
  const changed = await call('PATCH', `/api/venture-tasks/${task.id}`, { status: 'in_progress' });
  expect(changed.status).toBe(200);
  // A 404 counts too, by the route template, never by the raw path.
  expect((await call('GET', '/api/ventures/0123456789abcdef01234567')).status).toBe(404);

  // The task change's e-mail goes out through the outbox, the bus and the mailer.
  const gateway = await eventually(
    () => scrape(platform.baseUrl),
    (s) => total(s, 'mailer_emails_total', { outcome: 'sent' }) > 0,
  );

  // HTTP on the gateway: by route-table prefix, method and status; the latency histogram by the same labels.
  const created201 = { service: 'gateway', route: '/api/ventures', method: 'POST', status: '201' };
  expect(total(gateway, 'http_requests_total', created201)).toBe(1);
  expect(total(gateway, 'http_request_duration_seconds_count', created201)).toBe(1);
  expect(total(gateway, 'http_request_duration_seconds_sum', created201)).toBeGreaterThan(0);
  expect(total(gateway, 'http_request_duration_seconds_bucket', { ...created201, le: '+Inf' })).toBe(1);
  expect(
    total(gateway, 'http_requests_total', { service: 'gateway', route: '/api/register', status: '201' }),
  ).toBe(1);
  expect(
    total(gateway, 'http_requests_total', { service: 'gateway', route: '/api/ventures', status: '404' }),
  ).toBe(1);
  expect(
    total(gateway, 'http_requests_total', { service: 'gateway', route: '/api/venture-tasks', status: '200' }),
  ).toBe(1);
  // The services label their routes by template.
  expect(
    total(gateway, 'http_requests_total', {
      service: 'venture',
      route: '/api/ventures/:id',
      method: 'GET',
      status: '404',
    }),
  ).toBe(1);
  expect(
    total(gateway, 'http_requests_total', {
      service: 'venture',
      route: '/api/venture-tasks/:id',
      method: 'PATCH',
      status: '200',
    }),
  ).toBe(1);
  const raw = gateway.filter((s) => s.name === 'http_requests_total' && s.labels.route!.includes(ventureId));
  expect(raw).toEqual([]);

  // Outbox: the registration (User) and the task change (Venture) were published; the backlog gauges exist.
  expect(total(gateway, 'outbox_events_published_total', { model: 'User' })).toBeGreaterThan(0);
  expect(total(gateway, 'outbox_events_published_total', { model: 'Venture' })).toBeGreaterThan(0);
  for (const model of ['User', 'Venture', 'ContactMessage']) {
    const backlog = gateway.filter((s) => s.name === 'outbox_pending_documents' && s.labels.model === model);
    const age = gateway.filter(
      (s) => s.name === 'outbox_oldest_event_age_seconds' && s.labels.model === model,
    );
    expect(backlog).toHaveLength(1);
    expect(age).toHaveLength(1);
    expect(backlog[0]!.value).toBeGreaterThanOrEqual(0);
  }

  // E-mail: the task-status message was sent; the mailer's queue (consumer lag) is reported with its consumer.
  expect(total(gateway, 'mailer_emails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
  const queue = { queue: 'mailer.emails' };
  expect(total(gateway, 'mailer_queue_consumers', queue)).toBeGreaterThanOrEqual(1);
  for (const name of [
    'mailer_queue_messages',
    'mailer_retry_queue_messages',
    'mailer_dead_letter_queue_messages',
  ])
    expect(gateway.filter((s) => s.name === name && s.labels.queue === queue.queue)).toHaveLength(1);

  // Every service answers /metrics on its own port, with its own series (here: its readiness probe).
  for (const name of Object.keys(SERVICE_PORT_OFFSETS) as ServiceName[]) {
    const url = platform.serviceUrl(name);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const samples = await scrape(url);
    expect(
      total(samples, 'http_requests_total', { service: name, route: '/readyz', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  }
});
