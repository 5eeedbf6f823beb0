import {
  createPasswordHasher,
  DEFAULT_SCRYPT_PARAMS,
  parsePasswordHash,
} from '../src/domain/password-hash.ts';

// Small cost for speed; the encoding test uses the production parameters.
const fast = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

describe('password hashing (scrypt)', () => {
  it('when the same password is given, then it verifies', async () => {
    const stored = await fast.hash('correct horse battery staple');
    await expect(fast.verify('correct horse battery staple', stored)).resolves.toBe(true);
  });

  it('when a different password is given, then it does not verify', async () => {
    const stored = await fast.hash('correct horse battery staple');
    await expect(fast.verify('correct horse battery stapler', stored)).resolves.toBe(false);
    await expect(fast.verify('', stored)).resolves.toBe(false);
  });

  it('encodes the algorithm, N, r, p, a 16-byte salt and the hash, so parameters can change later', async () => {
    const stored = await createPasswordHasher().hash('secret-password');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    const parsed = parsePasswordHash(stored);
    expect(parsed?.params).toEqual(DEFAULT_SCRYPT_PARAMS);
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(64);
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
    const old = await createPasswordHasher({ N: 2 ** 11, r: 8, p: 1 }).hash('pw-123456');
    await expect(fast.verify('pw-123456', old)).resolves.toBe(true);
    expect(fast.needsRehash(old)).toBe(true);
    expect(fast.needsRehash(await fast.hash('pw-123456'))).toBe(false);
  });

  it('treats malformed or hostile stored values as non-matching instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$x',
      'scrypt$3$8$1$AAAA$AAAA',
      'scrypt$1073741824$8$1$AAAA$AAAA',
    ]) {
      await expect(fast.verify('anything', stored)).resolves.toBe(false);
    }
  });

  it('answers the dummy verification (unknown accounts) with false', async () => {
    await expect(fast.verifyDummy('whatever')).resolves.toBe(false);
  });
});
