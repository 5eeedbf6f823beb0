import {
  ADMIN_LIST_KEYS,
  adminAuditQueryOptions,
  adminListPagePath,
  adminListQueryOptions,
  adminOrganizationQueryOptions,
  adminStatsQueryOptions,
  adminTemplatesQueryOptions,
  allAdminQueries,
} from './admin-queries';

describe('the admin dashboard’s cache keys', () => {
  it('every dashboard key starts with the admin root, so Refresh Data reaches them all', () => {
    for (const key of [
      adminStatsQueryOptions().queryKey,
      adminListQueryOptions('users').queryKey,
      adminListQueryOptions('ventures').queryKey,
      adminTemplatesQueryOptions().queryKey,
      adminListQueryOptions('organizations').queryKey,
      adminOrganizationQueryOptions('abc').queryKey,
      adminListQueryOptions('messages').queryKey,
      adminAuditQueryOptions().queryKey,
    ]) {
      expect(key[0]).toBe(allAdminQueries.queryKey[0]);
    }
  });

  it('each search of a list is cached apart, under the list’s root that changes invalidate', () => {
    const all = adminListQueryOptions('users').queryKey;
    const searched = adminListQueryOptions('users', 'ada').queryKey;
    expect(all).not.toEqual(searched);
    for (const key of [all, searched]) expect(key.slice(0, 2)).toEqual(ADMIN_LIST_KEYS.users);
    expect(adminOrganizationQueryOptions('abc').queryKey.slice(0, 2)).toEqual(ADMIN_LIST_KEYS.organizations);
  });
});

describe('the paths of a list’s pages', () => {
  it('the first page has no cursor and no empty search; the next pages carry the cursor', () => {
    expect(adminListPagePath('users', '', null)).toBe('/api/admin/users?limit=50');
    expect(adminListPagePath('messages', 'pricing & plans', 'abc_-1')).toBe(
      '/api/admin/contact-messages?limit=50&q=pricing+%26+plans&cursor=abc_-1',
    );
  });
});
