import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Sealed text: a secret that has to travel through storage it must not be readable in (issue 16: an
 * invitation's accept link rides in the venture's outbox, the broker and possibly a dead-letter queue, while
 * the venture service keeps only the token's hash). AES-256-GCM under a key derived from a shared secret
 * (INTERNAL_SECRET, which every service has), so only a service can open it and any tampering is refused.
 *
 * Format: `s1.<iv>.<ciphertext>.<tag>`, each part base64url. Open with the current secret and the previous
 * ones (`identityKeys(config)`), so a rotation does not strand what was sealed before it.
 */

const PREFIX = 's1';
const PURPOSE = 'venture-roadmap sealed text v1';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`${PURPOSE}\0${secret}`).digest();
}

export function sealText(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, iv, data, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or null when `sealed` is malformed, tampered with or sealed under none of `secrets`. */
export function openSealedText(sealed: string, secrets: string | readonly string[]): string | null {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [iv, data, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== 12 || tag.length !== 16) return null;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      // Not this key (or tampered): try the next.
    }
  }
  return null;
}
