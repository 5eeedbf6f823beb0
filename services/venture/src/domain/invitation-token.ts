import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@app/contracts';

/*
 * An invitation link's token: 32 random bytes (base64url, 43 characters), single-use, valid 7 days. Only
 * its SHA-256 is stored; the raw token exists in the e-mail and, sealed, in the event that carries it there.
 */

export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + LIMITS.invitation.ttlDays * 24 * 60 * 60 * 1000);
}

/** Pending invitations kept per venture at most (each is a few hundred bytes of the venture's document). */
export const MAX_PENDING_INVITATIONS = 50;
