import { IDENTITY_TTL_MS, signIdentity, verifyIdentity } from './identity.ts';

const secret = 'k7Qm2vX9pL4rT8wZ1bN6cH3jF5sD0gYa';
const now = 1_750_000_000_000;

describe('signed identity', () => {
  it('when the gateway signs an identity for a service, then that service reads it back', () => {
    const token = signIdentity(secret, { sub: 'u1', sid: 's1', aud: 'venture' }, now);
    expect(verifyIdentity(secret, token, 'venture', now + 1000)).toEqual({
      sub: 'u1',
      sid: 's1',
      aud: 'venture',
      exp: now + IDENTITY_TTL_MS,
    });
  });

  it('when the identity was signed with another secret (forged), then it is refused', () => {
    const token = signIdentity('another-secret-another-secret-xx', { sub: 'u1', aud: 'venture' }, now);
    expect(verifyIdentity(secret, token, 'venture', now)).toBeNull();
  });

  it('during a rotation, an identity signed with the new or a still-accepted earlier secret is read back, any other refused', () => {
    const previous = 'Pr3v10usS3cr3tPr3v10usS3cr3t0000';
    const keys = [secret, previous];
    for (const signer of keys) {
      const token = signIdentity(signer, { sub: 'u1', aud: 'venture' }, now);
      expect(verifyIdentity(keys, token, 'venture', now)?.sub).toBe('u1');
    }
    const forged = signIdentity('another-secret-another-secret-xx', { sub: 'u1', aud: 'venture' }, now);
    expect(verifyIdentity(keys, forged, 'venture', now)).toBeNull();
    // Once the earlier secret is dropped, what it signed is refused.
    const old = signIdentity(previous, { sub: 'u1', aud: 'venture' }, now);
    expect(verifyIdentity([secret], old, 'venture', now)).toBeNull();
  });

  it('when the payload is altered after signing, then it is refused', () => {
    const token = signIdentity(secret, { sub: 'u1', aud: 'venture' }, now);
    const [, mac] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', aud: 'venture', exp: now + 1e9 })).toString(
      'base64url',
    );
    expect(verifyIdentity(secret, `${payload}.${mac}`, 'venture', now)).toBeNull();
  });

  it('when the identity has expired, then it is refused', () => {
    const token = signIdentity(secret, { sub: 'u1', aud: 'venture' }, now);
    expect(verifyIdentity(secret, token, 'venture', now + IDENTITY_TTL_MS + 1)).toBeNull();
  });

  it('when the identity was minted for another service (misdirected), then it is refused', () => {
    const token = signIdentity(secret, { sub: 'u1', aud: 'auth' }, now);
    expect(verifyIdentity(secret, token, 'venture', now)).toBeNull();
  });

  it.each([undefined, '', 'garbage', '.', 'a.b', 'x'.repeat(5000)])(
    'when the header is %p, then it is refused',
    (token) => {
      expect(verifyIdentity(secret, token, 'venture', now)).toBeNull();
    },
  );
});
