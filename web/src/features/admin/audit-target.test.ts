import { auditTargetLabel, type AuditNames } from './audit-target';

const names: AuditNames = {
  user: new Map([['u1', 'ada@example.com']]),
  organization: new Map([['o1', 'Harbor Labs']]),
  'task-template': new Map([['7', 'Write a clear problem statement']]),
};

describe('audit targets', () => {
  it('are named where the dashboard knows them', () => {
    expect(auditTargetLabel({ targetType: 'user', targetId: 'u1' }, names)).toBe('User ada@example.com');
    expect(auditTargetLabel({ targetType: 'organization', targetId: 'o1' }, names)).toBe(
      'Organization Harbor Labs',
    );
    expect(auditTargetLabel({ targetType: 'task-template', targetId: '7' }, names)).toBe(
      'Template Write a clear problem statement',
    );
  });

  it('fall back to the id for what is gone, and to the type for creations', () => {
    expect(auditTargetLabel({ targetType: 'user', targetId: 'gone' }, names)).toBe('User gone');
    expect(auditTargetLabel({ targetType: 'organization', targetId: null }, names)).toBe('Organization');
  });
});
