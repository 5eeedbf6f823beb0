import { describe, expect, it } from '@jest/globals';
import { AppError } from '@app/common';
import { DEFAULT_RISK_RULES } from '@app/contracts';
import { decodeAuditCursor, encodeAuditCursor } from '../src/domain/audit-log.ts';
import { wouldLeaveNoAdmin } from '../src/domain/change-member-role.ts';
import { INVITATIONS_PER_HOUR, invitationWindow, orgInvitationLink } from '../src/domain/invitation-token.ts';
import type { OrganizationRecord, OrgMemberRecord, ProgramRecord } from '../src/domain/organization.ts';
import { placeProgram, programDiff, withDefaultRules } from '../src/domain/programs.ts';
import { settingsDiff } from '../src/domain/update-settings.ts';
import { actorIn } from '../src/domain/workspace.ts';
import { whiteLabelOf } from '../src/domain/white-label.ts';

const NOW = new Date('2027-03-01T12:00:00.000Z');
const member = (userId: string, role: OrgMemberRecord['role']): OrgMemberRecord => ({
  userId,
  email: `${userId}@example.com`,
  displayName: userId,
  role,
  joinedAt: NOW,
});
const program = (id: string, registrationOpen: boolean): ProgramRecord => ({
  id,
  name: `Program ${id}`,
  startDate: '2027-01-01',
  endDate: '2027-06-30',
  templateVersion: null,
  riskRules: { ...DEFAULT_RISK_RULES },
  registrationOpen,
  archived: false,
  createdAt: NOW,
});
const org = (fields: Partial<OrganizationRecord> = {}): OrganizationRecord => ({
  id: 'org1',
  name: 'Northgate',
  slug: 'northgate',
  logoUrl: null,
  primaryColor: '#0F172A',
  secondaryColor: '#3B82F6',
  description: null,
  isActive: true,
  plan: 'free',
  ...whiteLabelOf({}),
  members: [],
  invitations: [],
  programs: [],
  invitationSends: [],
  sso: null,
  revision: 3,
  createdAt: NOW,
  ...fields,
});
const profile = (userId: string, isAdmin = false) => ({
  userId,
  email: `${userId}@example.com`,
  displayName: userId,
  isAdmin,
  isActive: true,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? [error.status, error.code] : error;
  }
};

describe('who acts in an organization', () => {
  const northgate = org({
    members: [member('admin', 'orgAdmin'), member('mentor', 'mentor'), member('f', 'founder')],
  });

  it('a founder and a stranger do not see the organization (404); a mentor is refused settings (403)', () => {
    expect(codeOf(() => actorIn(northgate, profile('f'), 'openWorkspace'))).toEqual([
      404,
      'ORGANIZATION.NOT_FOUND',
    ]);
    expect(codeOf(() => actorIn(northgate, profile('nobody'), 'openWorkspace'))).toEqual([
      404,
      'ORGANIZATION.NOT_FOUND',
    ]);
    expect(codeOf(() => actorIn(northgate, profile('mentor'), 'editSettings'))).toEqual([
      403,
      'ORGANIZATION.FORBIDDEN',
    ]);
  });

  it('a platform administrator acts as an org admin, whether a member or not', () => {
    expect(actorIn(northgate, profile('root', true), 'viewAudit')).toMatchObject({
      role: 'orgAdmin',
      memberRole: null,
    });
    const asFounder = org({ members: [member('root', 'founder')] });
    expect(actorIn(asFounder, profile('root', true), 'manageMembers').role).toBe('orgAdmin');
  });
});

describe('the last org admin', () => {
  it('only the one remaining org admin is protected', () => {
    const one = [member('a', 'orgAdmin'), member('b', 'mentor')];
    expect(wouldLeaveNoAdmin(one, 'a')).toBe(true);
    expect(wouldLeaveNoAdmin(one, 'b')).toBe(false);
    expect(wouldLeaveNoAdmin([...one, member('c', 'orgAdmin')], 'a')).toBe(false);
  });
});

describe('the invitation rate limit', () => {
  it(`allows ${INVITATIONS_PER_HOUR} sends an hour, then says when the oldest leaves the window`, () => {
    const sends = Array.from(
      { length: INVITATIONS_PER_HOUR },
      (_, i) => new Date(NOW.getTime() - (59 - i) * 60_000),
    );
    const full = invitationWindow(sends, NOW);
    expect([full.allowed, full.retryAfterSeconds]).toEqual([false, 60]);
    const later = invitationWindow(sends, new Date(NOW.getTime() + 60_000));
    expect([later.allowed, later.recent.length]).toEqual([true, INVITATIONS_PER_HOUR - 1]);
  });

  it('links to the invitation page with the token in the fragment', () => {
    expect(orgInvitationLink('https://app.example/', 'a+b')).toBe(
      'https://app.example/org-invitation#token=a%2Bb',
    );
  });
});

describe('programs', () => {
  it('opening registration on one program closes it on every other, each change with its program.changed', () => {
    const before = org({ programs: [program('p1', true), program('p2', false)] });
    const { programs, events } = placeProgram({ clock: () => NOW }, { correlationId: 'c' }, before, {
      ...program('p3', true),
    });
    expect(programs.map((p) => [p.id, p.registrationOpen])).toEqual([
      ['p1', false],
      ['p2', false],
      ['p3', true],
    ]);
    expect(events.map((e) => [e.type, (e.data as { programId: string }).programId])).toEqual([
      ['program.changed', 'p1'],
      ['program.changed', 'p3'],
    ]);
  });

  it('risk rules take the defaults for what is not given; null switches a rule off', () => {
    expect(withDefaultRules({ blockedDays: null, overdueTasks: 5 })).toEqual({
      ...DEFAULT_RISK_RULES,
      blockedDays: null,
      overdueTasks: 5,
    });
  });

  it('the audit details name each changed field with its old and new value', () => {
    const before = program('p1', false);
    const after = { ...before, name: 'Renamed', riskRules: { ...before.riskRules, inactivityDays: 21 } };
    expect(programDiff(before, after)).toEqual({
      name: { from: 'Program p1', to: 'Renamed' },
      'riskRules.inactivityDays': { from: 14, to: 21 },
    });
  });
});

describe('settings and the audit cursor', () => {
  it('settings that do not change are left out of the audit details', () => {
    expect(settingsDiff(org(), { name: 'Northgate', description: 'Hello' })).toEqual({
      description: { from: null, to: 'Hello' },
    });
  });

  it('a cursor reads back as the entry it was made from; anything else is 400 Invalid cursor', () => {
    const entry = { at: NOW, id: '6b087efac0dc2fd1c5597588' };
    expect(decodeAuditCursor(encodeAuditCursor(entry))).toEqual(entry);
    expect(codeOf(() => decodeAuditCursor('bm9wZQ'))).toEqual([400, 'REQUEST.INVALID']);
  });
});
