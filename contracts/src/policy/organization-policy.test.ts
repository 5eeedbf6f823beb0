import {
  canInOrg,
  effectiveOrgRole,
  isOrgStaff,
  ORG_ACTIONS,
  orgPermissionsOf,
  staffVentureAccess,
} from './organization-policy.ts';

describe('organization policy', () => {
  it('gives an org admin everything but a mentor list of their own', () => {
    for (const action of ORG_ACTIONS) {
      expect(canInOrg('orgAdmin', action)).toBe(action !== 'mentorVentures');
    }
  });

  it('lets program managers read programs and assign mentors, never manage the organization', () => {
    expect(canInOrg('programManager', 'viewPrograms')).toBe(true);
    expect(canInOrg('programManager', 'assignMentors')).toBe(true);
    expect(canInOrg('programManager', 'exportCohort')).toBe(true);
    expect(canInOrg('programManager', 'manageMembers')).toBe(false);
    expect(canInOrg('programManager', 'managePrograms')).toBe(false);
    expect(canInOrg('programManager', 'manageTemplates')).toBe(false);
    expect(canInOrg('programManager', 'viewAudit')).toBe(false);
  });

  it('keeps founders and outsiders out of the workspace', () => {
    expect(isOrgStaff('founder')).toBe(false);
    expect(isOrgStaff(null)).toBe(false);
    expect(isOrgStaff('mentor')).toBe(true);
    expect(Object.values(orgPermissionsOf('founder')).every((allowed) => !allowed)).toBe(true);
    expect(canInOrg('nobody' as never, 'openWorkspace')).toBe(false);
  });

  it('makes a platform administrator an org admin everywhere', () => {
    expect(effectiveOrgRole(null, true)).toBe('orgAdmin');
    expect(effectiveOrgRole('mentor', true)).toBe('orgAdmin');
    expect(effectiveOrgRole('mentor', false)).toBe('mentor');
    expect(effectiveOrgRole(null, false)).toBeNull();
  });

  it('gives staff a venture only within the founder’s choice', () => {
    const full = staffVentureAccess({ orgRole: 'mentor', assignedMentor: true, visibility: 'full' });
    expect(full?.kind).toBe('mentor');
    expect([...(full?.actions ?? [])].sort()).toEqual(['comment', 'verify', 'view', 'viewTasks']);
    const progress = staffVentureAccess({ orgRole: 'mentor', assignedMentor: true, visibility: 'progress' });
    expect([...(progress?.actions ?? [])]).toEqual(['view']);
    expect(staffVentureAccess({ orgRole: 'mentor', assignedMentor: false, visibility: 'full' })).toBeNull();
    const manager = staffVentureAccess({
      orgRole: 'programManager',
      assignedMentor: false,
      visibility: 'full',
    });
    expect([...(manager?.actions ?? [])].sort()).toEqual(['view', 'viewTasks']);
    expect(staffVentureAccess({ orgRole: 'founder', assignedMentor: false, visibility: 'full' })).toBeNull();
  });
});
