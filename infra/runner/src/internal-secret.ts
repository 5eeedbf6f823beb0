import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'internal-secret';

/**
 * The internal secret of a local run when INTERNAL_SECRET is unset: random, never the published
 * development default (which would let anyone on this machine call the services' 127.0.0.1 ports as any
 * user). Made on the first run and kept in DATA_DIR (readable by its owner only), because what it signs
 * outlives one run: unsubscribe links in e-mails already sent, invitation links sealed in the outbox.
 * A fresh data directory gets a fresh secret.
 */
export function localInternalSecret(dataDir: string): string {
  const file = path.join(dataDir, FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
