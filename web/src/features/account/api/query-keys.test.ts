// This test alone reads the other features' keys: it is the contract that keeps the shared cache entries
// shared. Production code of this feature never imports another feature.
import { sessionQueryKey as authSessionKey } from '../../auth/api/get-user';
import { ventureKeys as ownerVentureKeys } from '../../ventures/api/venture-keys';
import { sessionQueryKey, ventureKeys } from './query-keys';

describe('the account page shares its cache entries with their owners', () => {
  it('when the account page updates the session user, then it writes the auth feature’s session entry', () => {
    expect(sessionQueryKey).toEqual(authSessionKey);
  });

  it('when the account page changes ventures, then it invalidates the ventures feature’s own keys', () => {
    expect(ventureKeys.all).toEqual(ownerVentureKeys.all);
    expect(ventureKeys.lists()).toEqual(ownerVentureKeys.lists());
    expect(ventureKeys.detail('65f0c0ffee0000000000beef')).toEqual(
      ownerVentureKeys.detail('65f0c0ffee0000000000beef'),
    );
    expect(ventureKeys.detail(7)).toEqual(ownerVentureKeys.detail(7));
  });
});
