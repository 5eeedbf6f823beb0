import { AppError } from '@app/common';

/** A user as the auth service answers it (the fields this service reads). */
export interface UserView {
  id: string;
  username: string;
  isAdmin: boolean;
  isActive: boolean;
  [field: string]: unknown;
}

/** One admin action: who did what to which thing, when, and how it ended. */
export interface AuditEntry {
  id: string;
  actorId: string;
  actorUsername: string;
  /** e.g. `user.update`, `organization.delete`. */
  action: string;
  targetType: 'user' | 'organization' | 'task-template';
  targetId: string | null;
  /** What was asked for (never a password). */
  details: Record<string, unknown>;
  /** `pending` stays only when the service stopped between the action and recording its outcome. */
  outcome: 'pending' | 'succeeded' | 'failed';
  /** The error code of a failed action. */
  errorCode: string | null;
  at: string;
}

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
