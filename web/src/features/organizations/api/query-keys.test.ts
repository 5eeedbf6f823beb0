// This test alone reads the auth feature's key: it is the contract that keeps the session entry shared.
import { sessionQueryKey as authSessionKey } from '../../auth/api/get-user';
import { organizationKeys, sessionQueryKey } from './query-keys';

describe('the organization page shares the session entry with the auth feature', () => {
  it('when registration signs the visitor in, then it writes the auth feature’s session entry', () => {
    expect(sessionQueryKey).toEqual(authSessionKey);
  });

  it('organization lookups are keyed by slug under one root', () => {
    expect(organizationKeys.bySlug('acme')).toEqual(['organizations', 'by-slug', 'acme']);
  });
});
