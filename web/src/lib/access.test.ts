import { canSeeAdminDashboard } from './access';

describe('canSeeAdminDashboard', () => {
  it('when the user is an admin, then the admin dashboard entry is shown', () => {
    expect(canSeeAdminDashboard({ isAdmin: true })).toBe(true);
  });

  it('when the user is not an admin, or nobody is signed in, then it is hidden', () => {
    expect(canSeeAdminDashboard({ isAdmin: false })).toBe(false);
    expect(canSeeAdminDashboard({})).toBe(false);
    expect(canSeeAdminDashboard(null)).toBe(false);
    expect(canSeeAdminDashboard(undefined)).toBe(false);
  });
});
