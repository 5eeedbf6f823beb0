import { AppError } from '@app/common';
import type { AuditEntry, User } from '@app/contracts';

/** A user as the auth service answers it (`userSchema` of `@app/contracts`). */
export type UserView = User;

/** One admin action: who did what to which thing, when, and how it ended (the contract's shape). */
export type { AuditEntry };

export type NewAuditEntry = Pick<
  AuditEntry,
  'actorId' | 'actorUsername' | 'action' | 'targetType' | 'targetId' | 'details'
>;

export interface AuditLog {
  /** Writes a pending entry and returns its id. */
  begin(entry: NewAuditEntry, at: Date): Promise<string>;
  finish(id: string, outcome: 'succeeded' | 'failed', errorCode: string | null): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<AuditEntry[]>;
}

export const adminErrors = {
  notAdmin: () =>
    AppError.forbidden("You don't have admin permissions to view this page.", 'ADMIN.FORBIDDEN'),
  cannotDemoteSelf: () =>
    AppError.forbidden(
      'You cannot remove your own administrator rights or deactivate your own account.',
      'ADMIN.SELF_DEMOTE',
    ),
  cannotDeleteSelf: () =>
    AppError.forbidden(
      'Administrators cannot delete their own account. Please contact the system administrator.',
      'ADMIN.SELF_DELETE',
    ),
};
