// Issue 20: with PUBLIC_URL unset, `PORT=3300 npm start` mailed reset links to port 3000. The default now
// is the address the runner prints, and the runner says which address e-mail links use.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startRunnerProcess, type RunningRunner } from '@app/testing';

let platform: RunningRunner;

beforeAll(async () => {
  platform = await startRunnerProcess({ PUBLIC_URL: '' });
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

async function until<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('without PUBLIC_URL, e-mail links use the port the platform listens on, as the start banner says', async () => {
  const port = new URL(platform.baseUrl).port;
  const expected = `http://localhost:${port}`;
  expect(platform.output()).toContain(`E-mail links:  ${expected}\n`);

  const post = (route: string, body: object) =>
    fetch(`${platform.baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: expected },
      body: JSON.stringify(body),
    });
  const username = 'port.check@example.com';
  expect((await post('/api/register', { username, password: 'a-long-password' })).status).toBe(201);
  expect((await post('/api/forgot-password', { username })).status).toBe(200);

  const mailDir = path.join(platform.dataDir, 'mail');
  const message = await until(() => {
    try {
      return readdirSync(mailDir)
        .filter((name) => name.endsWith('.eml'))
        .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
        .find((text) => text.includes('reset-password'));
    } catch {
      return undefined;
    }
  });
  // Quoted-printable may wrap long lines with "=\r\n"; join them before looking for the link.
  const body = message.replace(/=\r?\n/g, '');
  expect(body).toContain(`${expected}/reset-password`);
  expect(body).not.toContain('localhost:3000/');
});
