import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, ORG_INVITATION_PAGE_PATH } from '@app/contracts';

/*
 * A staff invitation link's token, exactly as the venture service's: 32 random bytes (base64url, 43
 * characters), single-use, valid 7 days. Only its SHA-256 is stored; the raw token exists in the e-mail and,
 * sealed, in the event that carries it there.
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

/** The accept link of an organization invitation e-mail: `<publicUrl>/org-invitation#token=<token>`. */
export function orgInvitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ORG_INVITATION_PAGE_PATH}#token=${encodeURIComponent(token)}`;
}

/** Invitation e-mails (new and resent) an organization may send per hour. */
export const INVITATIONS_PER_HOUR = 50;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The sends still inside the hour before `now`, and whether one more is allowed (with the seconds until
 * the oldest leaves the window when it is not).
 */
export function invitationWindow(
  sends: readonly Date[],
  now: Date,
): { recent: Date[]; allowed: boolean; retryAfterSeconds: number } {
  const recent = sends.filter((at) => now.getTime() - at.getTime() < HOUR_MS);
  if (recent.length < INVITATIONS_PER_HOUR) return { recent, allowed: true, retryAfterSeconds: 0 };
  const oldest = Math.min(...recent.map((at) => at.getTime()));
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
  return { recent, allowed: false, retryAfterSeconds };
}
