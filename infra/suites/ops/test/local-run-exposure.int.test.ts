// Issue 20: what `npm start` exposes outside production. The gateway's public port served /metrics to
// anyone, and the services' 127.0.0.1 ports accepted identities signed with the published development
// secret (anyone on the machine could call them as any user).
import { statSync } from 'node:fs';
import path from 'node:path';
import { DEV_INTERNAL_SECRET, IDENTITY_HEADER, signIdentity } from '@app/common';
import { startRunnerProcess, type RunningRunner } from '@app/testing';

let platform: RunningRunner;

beforeAll(async () => {
  // Whatever the shell exports: no INTERNAL_SECRET, no METRICS_PORT, no METRICS_PUBLIC.
  platform = await startRunnerProcess({ INTERNAL_SECRET: '', METRICS_PORT: '', METRICS_PUBLIC: '' });
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

it('the public port serves no metrics unless asked to', async () => {
  const res = await fetch(`${platform.baseUrl}/metrics`);
  const text = await res.text();
  expect(res.headers.get('content-type')).not.toMatch(/^text\/plain/);
  expect(text).not.toMatch(/http_requests_total|process_cpu/);
});

it('with no INTERNAL_SECRET set, a service refuses identities signed with the published development secret', async () => {
  for (const name of ['auth', 'venture'] as const) {
    const res = await fetch(`${platform.serviceUrl(name)}/api/${name === 'auth' ? 'user' : 'ventures'}`, {
      headers: {
        [IDENTITY_HEADER]: signIdentity(DEV_INTERNAL_SECRET, {
          sub: '0123456789abcdef01234567',
          sid: 'forged',
          aud: name,
        }),
      },
    });
    expect([res.status, await res.json()]).toEqual([
      401,
      { code: 'AUTH.INVALID_IDENTITY', message: 'Missing or invalid internal identity' },
    ]);
  }
  // The run's own secret, kept for its data directory (links it signed outlive a restart), owner-only.
  expect(statSync(path.join(platform.dataDir, 'internal-secret')).mode & 0o777).toBe(0o600);
});
