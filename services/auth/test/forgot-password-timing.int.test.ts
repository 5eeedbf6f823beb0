import type { Server } from 'node:http';
import { createLogger, listen, serverPort, signIdentity } from '@app/common';
import { createApp } from '../src/app.ts';
import { createPasswordHasher } from '../src/domain/password-hash.ts';
import { createInMemoryUserRepository } from './support/in-memory-user.repository.ts';
import { DEMO_USERNAME, UNSUBSCRIBE_KEY } from './support/context.ts';

/*
 * Issue 20: a registered address answered measurably slower than an unknown one. The answer now leaves
 * before the account is even looked up: here the lookup never finishes, and the answer comes anyway.
 */
const SECRET = 'forgot-password-timing-secret-0123456789';
const users = createInMemoryUserRepository();
let lookups = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createApp({
    // Never asked: these tests only ask for password resets.
    ventures: { ofUser: () => Promise.reject(new Error('not used')) },
    users: {
      ...users,
      findByUsername: () => {
        lookups += 1;
        return new Promise(() => undefined);
      },
    },
    hasher: createPasswordHasher({ memoryKiB: 4096, passes: 1, parallelism: 1 }),
    settings: {
      publicUrl: 'https://roadmap.example',
      resetTokenTtlMinutes: 60,
      demoUsername: DEMO_USERNAME,
      unsubscribeKey: UNSUBSCRIBE_KEY,
    },
    secret: SECRET,
    logger: createLogger({ name: 'auth-test', level: 'silent' }),
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${serverPort(server)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test('a password-reset request is answered before the account is looked up, so every address takes the same time', async () => {
  const res = await fetch(`${base}/api/forgot-password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-internal-identity': signIdentity(SECRET, { sub: null, aud: 'auth' }),
    },
    body: JSON.stringify({ username: 'anyone@example.com' }),
    signal: AbortSignal.timeout(3000),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    success: true,
    message: 'If an account exists for that address, a reset link is on its way.',
  });
  expect(lookups).toBe(1);
});
