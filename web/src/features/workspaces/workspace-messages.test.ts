import { ApiError } from '../../lib/api-client';
import { describeAuditDetails, isOutOfScope, ruleValue } from './workspace-messages';

describe('the workspace audit log in words', () => {
  it('names each changed field with its old and new value, roles by their labels', () => {
    expect(
      describeAuditDetails({
        role: { from: 'programManager', to: 'orgAdmin' },
        description: { from: null, to: 'Hello' },
      }),
    ).toBe('role: Program manager → Organization admin; description: (none) → Hello');
  });

  it('shows plain details as they are', () => {
    expect(describeAuditDetails({ role: 'mentor', resent: true })).toBe('role: Mentor; resent: true');
  });
});

describe('workspace helpers', () => {
  it('a 404 or 403 on the workspace is out of scope (Page Not Found); other failures are not', () => {
    expect(isOutOfScope(new ApiError(404, 'Not found', {}, undefined))).toBe(true);
    expect(isOutOfScope(new ApiError(403, 'Forbidden', {}, undefined))).toBe(true);
    expect(isOutOfScope(new ApiError(500, 'Oops', {}, undefined))).toBe(false);
  });

  it('an empty risk rule is off (null); a number is kept whole', () => {
    expect([ruleValue(undefined), ruleValue(null), ruleValue(''), ruleValue(14.7)]).toEqual([
      null,
      null,
      null,
      14,
    ]);
  });
});
