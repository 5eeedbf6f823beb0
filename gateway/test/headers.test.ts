import type { AddressInfo } from 'node:net';
import express from 'express';
import { securityHeaders } from '../src/security/headers.ts';

async function headersOf(production: boolean): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(production));
  app.get('/', (_req, res) => res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers', () => {
  it('in production: HSTS for a year with subdomains, and insecure requests upgraded', async () => {
    const headers = await headersOf(true);
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('outside production: no HSTS (plain http on localhost must keep working)', async () => {
    const headers = await headersOf(false);
    expect(headers.get('strict-transport-security')).toBeNull();
    expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });
});
