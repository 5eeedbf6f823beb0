import { AppError } from '@app/common';
import type { AuditLog, NewAuditEntry } from './admin.ts';

/**
 * Runs an admin action under the audit log: the entry is written BEFORE the action (so nothing happens
 * unrecorded: if the log cannot be written, the action is not attempted) and completed with its outcome.
 * Refused attempts are recorded too, with the error code.
 */
export async function recordAction<T>(
  audit: AuditLog,
  clock: () => Date,
  entry: NewAuditEntry,
  action: () => Promise<T>,
): Promise<T> {
  const id = await audit.begin(entry, clock());
  let result: T;
  try {
    result = await action();
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'INTERNAL';
    await audit.finish(id, 'failed', code).catch(() => undefined);
    throw error;
  }
  await audit.finish(id, 'succeeded', null);
  return result;
}
