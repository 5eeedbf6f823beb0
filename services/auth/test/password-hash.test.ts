import {
  concurrencyLimit,
  createPasswordHasher,
  DEFAULT_ARGON2_PARAMS,
  parsePasswordHash,
} from '../src/domain/password-hash.ts';
import { legacyScryptHash } from './support/legacy-hash.ts';

// Small cost for speed; the encoding test uses the production parameters.
const fast = createPasswordHasher({ memoryKiB: 1024, passes: 1, parallelism: 1 });

describe('password hashing (argon2id)', () => {
  it('when the same password is given, then it verifies', async () => {
    const stored = await fast.hash('correct horse battery staple');
    await expect(fast.verify('correct horse battery staple', stored)).resolves.toBe(true);
  });

  it('when a different password is given, then it does not verify', async () => {
    const stored = await fast.hash('correct horse battery staple');
    await expect(fast.verify('correct horse battery stapler', stored)).resolves.toBe(false);
    await expect(fast.verify('', stored)).resolves.toBe(false);
  });

  it("writes the PHC string with OWASP's parameters (m=19456 KiB, t=2, p=1), a 16-byte salt and a 32-byte hash", async () => {
    const stored = await createPasswordHasher().hash('secret-password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parsePasswordHash(stored);
    expect(parsed).toMatchObject({ algorithm: 'argon2id', params: DEFAULT_ARGON2_PARAMS });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
  });

  it('matches the argon2id reference implementation: its PHC string for "password" verifies', async () => {
    // From the reference implementation's test vectors (phc-winner-argon2 src/test.c): salt "somesalt",
    // m=65536 KiB, t=2, p=1, written in the PHC format that argon2 tools share.
    const reference =
      '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(parsePasswordHash(reference)).toMatchObject({
      algorithm: 'argon2id',
      params: { memoryKiB: 65_536, passes: 2, parallelism: 1 },
    });
    await expect(fast.verify('password', reference)).resolves.toBe(true);
    await expect(fast.verify('Password', reference)).resolves.toBe(false);
  });

  it('uses a fresh salt per hash: the same password never gives the same string twice', async () => {
    const [a, b] = await Promise.all([fast.hash('same password'), fast.hash('same password')]);
    expect(a).not.toBe(b);
  });

  it('does not truncate long passwords: a difference in the last of 1024 characters is a different password', async () => {
    const long = 'x'.repeat(1023);
    const stored = await fast.hash(`${long}a`);
    await expect(fast.verify(`${long}a`, stored)).resolves.toBe(true);
    await expect(fast.verify(`${long}b`, stored)).resolves.toBe(false);
    await expect(fast.verify(long, stored)).resolves.toBe(false);
  });

  it('verifies a hash made with other parameters, and reports that it needs an upgrade', async () => {
    const old = await createPasswordHasher({ memoryKiB: 2048, passes: 1, parallelism: 1 }).hash('pw-123456');
    await expect(fast.verify('pw-123456', old)).resolves.toBe(true);
    expect(fast.needsRehash(old)).toBe(true);
    expect(fast.needsRehash(await fast.hash('pw-123456'))).toBe(false);
  });

  it('verifies a scrypt hash from before argon2id, and reports that it needs an upgrade', async () => {
    const old = legacyScryptHash('pw-123456');
    expect(parsePasswordHash(old)?.algorithm).toBe('scrypt');
    await expect(fast.verify('pw-123456', old)).resolves.toBe(true);
    await expect(fast.verify('pw-1234567', old)).resolves.toBe(false);
    expect(fast.needsRehash(old)).toBe(true);
  });

  it('treats malformed or hostile stored values as non-matching instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$x',
      'scrypt$3$8$1$AAAA$AAAA',
      'scrypt$1073741824$8$1$AAAA$AAAA',
      '$argon2id$v=16$m=1024,t=1,p=1$c29tZXNhbHQ$AAAAAAAA',
      '$argon2id$v=19$m=99999999,t=1,p=1$c29tZXNhbHQ$AAAAAAAA',
      '$argon2id$v=19$m=1024,t=0,p=1$c29tZXNhbHQ$AAAAAAAA',
      '$argon2id$v=19$m=1024,t=1,p=1$c2FsdA$AAAAAAAA',
      '$argon2id$v=19$m=1024,t=1,p=1$c29tZXNhbHQ$',
      '$argon2i$v=19$m=1024,t=1,p=1$c29tZXNhbHQ$AAAAAAAA',
    ]) {
      await expect(fast.verify('anything', stored)).resolves.toBe(false);
    }
  });

  it('refuses parameters argon2 cannot run, when the hasher is made', () => {
    expect(() => createPasswordHasher({ memoryKiB: 64, passes: 1, parallelism: 16 })).toThrow(/memory/);
    expect(() => createPasswordHasher({ memoryKiB: 1024, passes: 0, parallelism: 1 })).toThrow(/passes/);
  });

  it('answers the dummy verification (unknown accounts) with false', async () => {
    await expect(fast.verifyDummy('whatever')).resolves.toBe(false);
  });

  it('runs at most maxConcurrent derivations at once; the others wait and all of them still verify', async () => {
    const hasher = createPasswordHasher({ memoryKiB: 1024, passes: 1, parallelism: 1 }, { maxConcurrent: 1 });
    const stored = await hasher.hash('correct horse');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => hasher.verify(i % 2 === 0 ? 'correct horse' : 'wrong', stored)),
    );
    expect(answers).toEqual([true, false, true, false, true, false]);
  });
});

describe('concurrencyLimit', () => {
  it('never runs more than the limit at once, starts the waiting ones in order, and survives failures', async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (i === 1) throw new Error('boom');
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((i) => limited(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    // A slot freed by a failure is used again: a later call still runs.
    await expect(limited(async () => 'after')).resolves.toBe('after');
  });
});
