import {
  adminAuditQueryOptions,
  adminContactMessagesQueryOptions,
  adminOrganizationQueryOptions,
  adminOrganizationsQueryOptions,
  adminStatsQueryOptions,
  adminTemplatesQueryOptions,
  adminUsersQueryOptions,
  adminVenturesQueryOptions,
  allAdminQueries,
} from './admin-queries';

describe('the admin dashboard’s cache keys', () => {
  it('every dashboard key starts with the admin root, so Refresh Data reaches them all', () => {
    for (const key of [
      adminStatsQueryOptions().queryKey,
      adminUsersQueryOptions().queryKey,
      adminVenturesQueryOptions().queryKey,
      adminTemplatesQueryOptions().queryKey,
      adminOrganizationsQueryOptions().queryKey,
      adminOrganizationQueryOptions('abc').queryKey,
      adminContactMessagesQueryOptions().queryKey,
      adminAuditQueryOptions().queryKey,
    ]) {
      expect(key[0]).toBe(allAdminQueries.queryKey[0]);
    }
    expect(adminOrganizationQueryOptions('abc').queryKey.slice(0, 2)).toEqual(
      adminOrganizationsQueryOptions().queryKey,
    );
  });
});
