import { createSsoServices } from '../src/clients/sso-services.ts';
import type { SsoConnectionRecord } from '../src/domain/organization.ts';
import { discoveryProblem, ssoDiff, toSsoConnectionView } from '../src/domain/sso-connection.ts';

/*
 * Issue 19: the SSO connection's rules that need no database: the secret sealed under its own key (and
 * rotation), never shown, audited only as "changed"; discovery failures in words an administrator can act on.
 */

const OLD_KEY = 'old-sso-encryption-key-0123456789abcdef';
const NEW_KEY = 'new-sso-encryption-key-0123456789abcdef';
const services = (key: string, previousKeys: string[] = []) =>
  createSsoServices({ publicUrl: 'https://app.example.test/', key, previousKeys, allowHttpIssuers: false });

const record = (fields: Partial<SsoConnectionRecord> = {}): SsoConnectionRecord => ({
  protocol: 'oidc',
  enabled: true,
  enforced: false,
  issuer: 'https://idp.example.test',
  clientId: 'portal',
  saml: null,
  clientSecretSealed: services(OLD_KEY).seal('the-client-secret'),
  domains: ['northgate.test'],
  defaultRole: 'founder',
  updatedAt: new Date('2027-01-01T00:00:00.000Z'),
  ...fields,
});

describe('the client secret at rest', () => {
  it('is sealed (not readable, different each time) and opens only with the key', () => {
    const box = services(OLD_KEY);
    const sealed = box.seal('the-client-secret');
    expect(sealed).not.toContain('the-client-secret');
    expect(box.seal('the-client-secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('the-client-secret');
    expect(services(NEW_KEY).open(sealed)).toBeNull();
    expect(box.open(`${sealed.slice(0, -2)}AA`)).toBeNull();
  });

  it('after a rotation the previous key still opens it, and it is known as sealed under an old key', () => {
    const sealed = services(OLD_KEY).seal('the-client-secret');
    const rotated = services(NEW_KEY, [OLD_KEY]);
    expect(rotated.open(sealed)).toBe('the-client-secret');
    expect(rotated.sealedWithCurrentKey(sealed)).toBe(false);
    expect(rotated.sealedWithCurrentKey(rotated.seal('the-client-secret'))).toBe(true);
  });

  it('is keyed apart from the internal secret: the same value as INTERNAL_SECRET does not open the other', async () => {
    const { sealText } = await import('@app/common');
    expect(services(OLD_KEY).open(sealText('the-client-secret', OLD_KEY))).toBeNull();
  });
});

describe('what admins and the audit log see', () => {
  it('the connection view says only whether a secret is set', () => {
    const view = toSsoConnectionView(record(), services(NEW_KEY));
    expect(view.clientSecretSet).toBe(true);
    expect(JSON.stringify(view)).not.toContain(record().clientSecretSealed!.slice(3, 20));
    expect(Object.keys(view)).not.toContain('clientSecretSealed');
  });

  it('the audit details name each changed field, and the secret only as "changed"', () => {
    const before = record();
    const after = record({ enforced: true, domains: ['alumni.northgate.test', 'northgate.test'] });
    expect(ssoDiff(before, after, true)).toEqual({
      enforced: { from: false, to: true },
      domains: { from: ['northgate.test'], to: ['alumni.northgate.test', 'northgate.test'] },
      clientSecret: 'changed',
    });
    expect(ssoDiff(before, record(), false)).toEqual({});
    expect(ssoDiff(null, after, true)).toMatchObject({
      issuer: { from: null, to: 'https://idp.example.test' },
    });
  });
});

describe('"Test connection" problems', () => {
  it.each([
    [
      { cause: { code: 'ECONNREFUSED' } },
      'The issuer could not be reached (the connection was refused). Check the issuer URL.',
    ],
    [
      { code: 'OAUTH_HTTP_REQUEST_FORBIDDEN' },
      'The issuer URL must use https (plain http is only allowed outside production).',
    ],
    [{ code: 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' }, expect.stringContaining('names another issuer')],
    [{ code: 'OAUTH_RESPONSE_IS_NOT_CONFORM' }, expect.stringContaining('discovery document')],
  ])('%o → %s', (error, message) => {
    expect(discoveryProblem(error)).toEqual(message);
  });

  it('plain http is refused outside SSO_ALLOW_HTTP_ISSUERS, before any request', async () => {
    await expect(services(OLD_KEY).discover('http://127.0.0.1:9')).rejects.toMatchObject({
      code: 'OAUTH_HTTP_REQUEST_FORBIDDEN',
    });
  });
});
