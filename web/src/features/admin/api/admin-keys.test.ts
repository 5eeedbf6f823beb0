// This test alone reads the other features' keys: it is the contract that keeps the shared cache entries
// shared. Production code of this feature never imports another feature.
import { sessionQueryKey as authSessionKey } from '../../auth/api/get-user';
import { organizationKeys } from '../../organizations/api/query-keys';
import { adminKeys, publicOrganizationsKey, sessionQueryKey } from './admin-keys';

describe('the admin dashboard’s cache keys', () => {
  it('when the dashboard reads the signed-in user, then it reads the auth feature’s session entry', () => {
    expect(sessionQueryKey).toEqual(authSessionKey);
  });

  it('when an organization changes, then the public page’s cached branding is invalidated too', () => {
    expect(publicOrganizationsKey).toEqual(organizationKeys.all);
  });

  it('every dashboard key starts with the admin root, so Refresh Data reaches them all', () => {
    for (const key of [
      adminKeys.stats(),
      adminKeys.users(),
      adminKeys.ventures(),
      adminKeys.templates(),
      adminKeys.organizations(),
      adminKeys.organization('abc'),
      adminKeys.contactMessages(),
      adminKeys.audit(),
    ]) {
      expect(key[0]).toBe(adminKeys.all[0]);
    }
    expect(adminKeys.organization('abc').slice(0, 2)).toEqual(adminKeys.organizations());
  });
});
