import { activateLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { describeAuditDetails, formatWhen, isOutOfScope, ruleValue } from './workspace-messages';

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

describe('the workspace audit log in Spanish (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('keeps British dates in English', () => {
    expect(formatWhen('2027-03-01T12:00:00.000Z')).toMatch(/^1 Mar 2027, \d\d:\d\d$/);
  });

  it('names roles and empty values in Spanish, and dates in Spanish order', async () => {
    await activateLanguage('es');
    expect(
      describeAuditDetails({
        role: { from: 'programManager', to: 'orgAdmin' },
        description: { from: null, to: 'Hello' },
      }),
    ).toBe(
      'role: Responsable de programa → Administrador de la organización; description: (ninguno) → Hello',
    );
    expect(formatWhen('2027-03-01T12:00:00.000Z')).toMatch(/^1 mar 2027/);
  });
});
