import {
  can,
  canBeAssigned,
  canModifyComment,
  canStopBeingOwner,
  hasRoleAtLeast,
  permissionsOf,
  VENTURE_ACTIONS,
  VENTURE_ROLES,
  type VentureAction,
  type VentureRole,
} from './venture-policy.ts';

/** The table, written out: who may do what. */
const ALLOWED: Record<VentureRole, VentureAction[]> = {
  owner: [...VENTURE_ACTIONS],
  editor: ['view', 'comment', 'changeStatus', 'assign', 'setDates'],
  viewer: ['view', 'comment'],
};

describe('the venture policy', () => {
  it.each(VENTURE_ROLES.flatMap((role) => VENTURE_ACTIONS.map((action) => [role, action] as const)))(
    '%s may %s only as the table says',
    (role, action) => {
      expect(can(role, action)).toBe(ALLOWED[role].includes(action));
    },
  );

  it('a non-member (no role) or an unknown role may do nothing', () => {
    for (const action of VENTURE_ACTIONS) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
      expect(can('admin' as VentureRole, action)).toBe(false);
    }
  });

  it('permissionsOf gives the web every action at once, the same as can', () => {
    for (const role of VENTURE_ROLES) {
      expect(permissionsOf(role)).toEqual(
        Object.fromEntries(VENTURE_ACTIONS.map((action) => [action, can(role, action)])),
      );
    }
    expect(Object.values(permissionsOf(null)).every((allowed) => !allowed)).toBe(true);
  });

  it('only editors and owners can be assigned', () => {
    expect(VENTURE_ROLES.filter(canBeAssigned)).toEqual(['owner', 'editor']);
    expect(canBeAssigned(null)).toBe(false);
  });

  it('a comment is changed by its author only, and only while a member', () => {
    expect(canModifyComment('viewer', 'u1', 'u1')).toBe(true);
    expect(canModifyComment('owner', 'u1', 'u2')).toBe(false);
    expect(canModifyComment(null, 'u1', 'u1')).toBe(false);
  });

  it('the last owner cannot stop being one; anyone else can', () => {
    expect(canStopBeingOwner('owner', 1)).toBe(false);
    expect(canStopBeingOwner('owner', 2)).toBe(true);
    expect(canStopBeingOwner('editor', 1)).toBe(true);
    expect(canStopBeingOwner('viewer', 1)).toBe(true);
  });

  it('orders roles owner > editor > viewer', () => {
    expect(hasRoleAtLeast('owner', 'editor')).toBe(true);
    expect(hasRoleAtLeast('editor', 'editor')).toBe(true);
    expect(hasRoleAtLeast('viewer', 'editor')).toBe(false);
    expect(hasRoleAtLeast(null, 'viewer')).toBe(false);
  });
});
