import { randomBytes, scryptSync } from 'node:crypto';

/** A hash as the service stored them before argon2id: `scrypt$N$r$p$salt$hash`, padded base64. */
export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 64, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}
