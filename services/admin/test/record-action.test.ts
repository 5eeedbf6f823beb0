import { describe, expect, it } from '@jest/globals';
import { AppError } from '@app/common';
import type { AuditEntry, AuditLog, NewAuditEntry } from '../src/domain/admin.ts';
import { guardSelfDelete, guardSelfUpdate } from '../src/domain/guard-self.ts';
import { recordAction } from '../src/domain/record-action.ts';

function memoryLog(failBegin = false): AuditLog & { entries: AuditEntry[] } {
  const entries: AuditEntry[] = [];
  return {
    entries,
    async begin(entry: NewAuditEntry, at: Date) {
      if (failBegin) throw new Error('database down');
      const id = String(entries.length + 1);
      entries.push({ ...entry, id, outcome: 'pending', errorCode: null, at: at.toISOString() });
      return id;
    },
    async finish(id, outcome, errorCode) {
      Object.assign(
        entries.find((e) => e.id === id)!,
        { outcome, errorCode },
      );
    },
    async list(limit) {
      return [...entries].reverse().slice(0, limit);
    },
  };
}

const entry: NewAuditEntry = {
  actorId: 'a1',
  actorUsername: 'root@example.com',
  action: 'user.delete',
  targetType: 'user',
  targetId: 'u1',
  details: {},
};
const clock = () => new Date('2026-01-02T03:04:05Z');

describe('recordAction', () => {
  it('when the action succeeds, then one entry records who, what, when and "succeeded"', async () => {
    const log = memoryLog();
    await expect(recordAction(log, clock, entry, async () => 'done')).resolves.toBe('done');
    expect(log.entries).toEqual([
      { ...entry, id: '1', outcome: 'succeeded', errorCode: null, at: '2026-01-02T03:04:05.000Z' },
    ]);
  });

  it('when the owning service refuses, then the error passes through and the entry says "failed" with its code', async () => {
    const log = memoryLog();
    const refusal = AppError.conflict('taken', 'AUTH.USERNAME_TAKEN');
    await expect(
      recordAction(log, clock, entry, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(log.entries[0]).toMatchObject({ outcome: 'failed', errorCode: 'AUTH.USERNAME_TAKEN' });
  });

  it('when the audit log cannot be written, then the action is not attempted', async () => {
    let attempted = false;
    await expect(
      recordAction(memoryLog(true), clock, entry, async () => {
        attempted = true;
      }),
    ).rejects.toThrow('database down');
    expect(attempted).toBe(false);
  });
});

describe('an administrator acting on their own account', () => {
  const admin = { id: 'a1', username: 'root@example.com', isAdmin: true, isActive: true };

  it('may not remove their own admin flag or deactivate themselves, but may change other fields', () => {
    expect(() => guardSelfUpdate(admin, 'a1', { isAdmin: false })).toThrow(
      expect.objectContaining({ status: 403, code: 'ADMIN.SELF_DEMOTE' }),
    );
    expect(() => guardSelfUpdate(admin, 'a1', { isActive: false })).toThrow(
      expect.objectContaining({ status: 403, code: 'ADMIN.SELF_DEMOTE' }),
    );
    expect(() => guardSelfUpdate(admin, 'a1', { username: 'new@example.com', isAdmin: true })).not.toThrow();
    expect(() => guardSelfUpdate(admin, 'other', { isAdmin: false })).not.toThrow();
  });

  it('may not delete themselves; deleting another user is left to the owning service', () => {
    expect(() => guardSelfDelete(admin, 'a1')).toThrow(
      expect.objectContaining({ status: 403, code: 'ADMIN.SELF_DELETE' }),
    );
    expect(() => guardSelfDelete(admin, 'other')).not.toThrow();
  });
});
