import { argon2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * argon2id cost parameters: memory in KiB, passes over it, and lanes (parallelism). OWASP's password
 * storage guidance (the anchor of RELIABILITY.md's ASVS level) lists m=19456 KiB, t=2, p=1 as a minimum.
 */
export interface Argon2Params {
  memoryKiB: number;
  passes: number;
  parallelism: number;
}

/**
 * m=19 MiB, t=2, p=1: OWASP's argon2id configuration, with node's own argon2 (Node 24.7+, no native
 * package). On this project's 2-core machines a hash costs about as much as the scrypt N=2^14 it
 * replaces (which was under OWASP's scrypt minimum of N=2^17), so a login stays within DESIGN.md's budget.
 */
export const DEFAULT_ARGON2_PARAMS: Argon2Params = { memoryKiB: 19_456, passes: 2, parallelism: 1 };

const SALT_BYTES = 16;
const TAG_BYTES = 32;
const ARGON2_VERSION = 19;

/** Upper bounds on parameters read back from a stored hash, so a corrupted record cannot exhaust memory. */
const MAX_MEMORY_KIB = 1024 * 1024;
const MAX_PASSES = 10;
const MAX_PARALLELISM = 16;
const MAX_SCRYPT_N = 2 ** 20;
const MAX_SCRYPT_R = 32;
const MAX_SCRYPT_P = 16;

/** A stored hash: argon2id (every new one), or scrypt from before (verified, then upgraded at login). */
export type ParsedHash =
  | { algorithm: 'argon2id'; params: Argon2Params; salt: Buffer; key: Buffer }
  | { algorithm: 'scrypt'; params: { N: number; r: number; p: number }; salt: Buffer; key: Buffer };

function deriveArgon2(password: string, salt: Buffer, params: Argon2Params, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      {
        message: password.normalize('NFC'),
        nonce: salt,
        memory: params.memoryKiB,
        passes: params.passes,
        parallelism: params.parallelism,
        tagLength: length,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function deriveScrypt(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  length: number,
) {
  const options: ScryptOptions = {
    ...params,
    // scrypt needs 128·N·r bytes (plus a little); node's default cap (32 MiB) is too low for larger N.
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * At most `limit` derivations at a time, the rest waiting their turn in order. Each argon2 derivation holds
 * its memory cost (19 MiB) for its whole run, and node runs up to four at once on the libuv pool however
 * many cores there are: more at once than cores only adds memory (4 × 19 MiB), never speed.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next in line (running stays the same), or is freed.
      if (next) next();
      else running -= 1;
    }
  };
}

function derive(password: string, parsed: ParsedHash): Promise<Buffer> {
  return parsed.algorithm === 'argon2id'
    ? deriveArgon2(password, parsed.salt, parsed.params, parsed.key.length)
    : deriveScrypt(password, parsed.salt, parsed.params, parsed.key.length);
}

/** Unpadded base64, as the PHC string format writes salts and hashes. */
function b64(buffer: Buffer): string {
  return buffer.toString('base64').replace(/=+$/, '');
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
}

function within(n: number | undefined, min: number, max: number): n is number {
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max;
}

function decodePart(part: string | undefined, minBytes: number): Buffer | null {
  if (!part || !/^[A-Za-z0-9+/]+={0,2}$/.test(part)) return null;
  const bytes = Buffer.from(part, 'base64');
  return bytes.length >= minBytes ? bytes : null;
}

/** What is wrong with argon2 parameters (argon2 could not run them, or they exceed the bounds); null if nothing. */
function argon2ParamsProblem({ memoryKiB, passes, parallelism }: Argon2Params): string | null {
  if (!within(parallelism, 1, MAX_PARALLELISM)) return `argon2 parallelism must be 1-16, got ${parallelism}`;
  if (!within(passes, 1, MAX_PASSES)) return `argon2 passes must be 1-10, got ${passes}`;
  if (!within(memoryKiB, 8 * parallelism, MAX_MEMORY_KIB))
    return `argon2 memory must be ${8 * parallelism}-${MAX_MEMORY_KIB} KiB, got ${memoryKiB}`;
  return null;
}

/** `$argon2id$v=19$m=…,t=…,p=…$salt$hash` (the PHC string format argon2 tools share). */
function parseArgon2(stored: string): ParsedHash | null {
  const match = /^\$argon2id\$v=(\d+)\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,3})\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!match || Number(match[1]) !== ARGON2_VERSION) return null;
  const params = { memoryKiB: Number(match[2]), passes: Number(match[3]), parallelism: Number(match[4]) };
  if (argon2ParamsProblem(params)) return null;
  const salt = decodePart(match[5], 8);
  const key = decodePart(match[6], 4);
  if (!salt || !key) return null;
  return { algorithm: 'argon2id', params, salt, key };
}

/** `scrypt$N$r$p$salt$hash` (salt and hash base64): hashes made before argon2id. */
function parseScrypt(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN));
  if (N === undefined || !isPowerOfTwo(N) || N > MAX_SCRYPT_N) return null;
  if (!within(r, 1, MAX_SCRYPT_R) || !within(p, 1, MAX_SCRYPT_P)) return null;
  const salt = decodePart(parts[4], 1);
  const key = decodePart(parts[5], 1);
  if (!salt || !key) return null;
  return { algorithm: 'scrypt', params: { N, r, p }, salt, key };
}

/** The algorithm, parameters, salt and hash of a stored value; null for anything else. */
export function parsePasswordHash(stored: string): ParsedHash | null {
  return stored.startsWith('$argon2id$') ? parseArgon2(stored) : parseScrypt(stored);
}

export interface PasswordHasher {
  /** A fresh `$argon2id$v=19$m=…,t=…,p=…$salt$hash` string with a new random salt. */
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false (never a throw) for a malformed stored value. */
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification and returns false. Used for unknown accounts so that
   * "no such user" and "wrong password" cannot be told apart by timing.
   */
  verifyDummy(password: string): Promise<false>;
  /** True when the stored hash is scrypt or used other parameters than the current ones (upgrade on login). */
  needsRehash(stored: string): boolean;
}

export interface HasherOptions {
  /** Derivations (hashes and verifications) at once; the default is one per core. */
  maxConcurrent?: number;
}

export function createPasswordHasher(
  params: Argon2Params = DEFAULT_ARGON2_PARAMS,
  options: HasherOptions = {},
): PasswordHasher {
  const problem = argon2ParamsProblem(params);
  if (problem) throw new Error(problem);
  const limited = concurrencyLimit(Math.max(1, options.maxConcurrent ?? availableParallelism()));
  let dummy: Promise<string> | undefined;
  const encodedParams = `m=${params.memoryKiB},t=${params.passes},p=${params.parallelism}`;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await limited(() => deriveArgon2(password, salt, params, TAG_BYTES));
    return `$argon2id$v=${ARGON2_VERSION}$${encodedParams}$${b64(salt)}$${b64(key)}`;
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const parsed = parsePasswordHash(stored);
    if (!parsed) return false;
    const key = await limited(() => derive(password, parsed));
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  return {
    hash,
    verify,
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(18).toString('base64'));
      await verify(password, await dummy);
      return false;
    },
    needsRehash(stored) {
      const parsed = parsePasswordHash(stored);
      return (
        parsed?.algorithm !== 'argon2id' ||
        parsed.params.memoryKiB !== params.memoryKiB ||
        parsed.params.passes !== params.passes ||
        parsed.params.parallelism !== params.parallelism
      );
    },
  };
}
