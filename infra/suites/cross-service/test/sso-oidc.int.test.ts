import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SSO_REQUIRED_MESSAGE } from '@app/contracts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  CALLBACK,
  CLIENT_ID,
  CLIENT_SECRET,
  PUBLIC_URL,
  SsoBrowser,
  startSsoPlatform,
  unique,
  type SsoPlatform,
} from './support/sso-platform.ts';

/*
 * Issue 19: OpenID Connect sign-in per organization, end to end through the real gateway, against a real
 * provider (oidc-provider) on 127.0.0.1: configuration, linking and provisioning, enforcement, every refusal
 * path ending with no session, and the client secret in no answer, log line or export.
 */

let sso: SsoPlatform;
let org: { id: string; slug: string };
const ALICE = { email: 'alice@northgate.test', password: 'alice-idp-password' };
const BOB = { email: 'bob@northgate.test', password: 'bob-idp-password' };
const CAROL = { email: 'carol@northgate.test', password: 'carol-idp-password' };
/** Every answer body the tests saw (the secret must be in none). */
const answers: string[] = [];

const connection = (fields: Record<string, unknown> = {}) => ({
  protocol: 'oidc',
  enabled: true,
  enforced: false,
  issuer: sso.idp.issuer,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  domains: ['northgate.test'],
  defaultRole: 'founder',
  ...fields,
});

async function admin(method: string, path: string, body?: unknown) {
  const reply = await sso.administrator.call(method, path, body);
  answers.push(JSON.stringify(reply.body));
  return reply;
}

async function auditActions(): Promise<Array<{ action: string; target: string; details: unknown }>> {
  const reply = await admin('GET', `/api/orgs/${org.slug}/audit?limit=200`);
  expect(reply.status).toBe(200);
  return reply.body.items;
}

beforeAll(async () => {
  sso = await startSsoPlatform();
  const slug = `northgate-${unique()}`;
  const created = await sso.platform.direct(
    'organization',
    'POST',
    '/internal/organizations',
    { svc: 'admin' },
    { name: 'Northgate University', slug },
  );
  expect(created.status).toBe(201);
  org = { id: created.body.id, slug };
});

afterAll(async () => {
  await sso?.close();
});

describe('an org admin configures OpenID Connect', () => {
  it('"Test connection" reports what discovery found, or what is wrong', async () => {
    const ok = await admin('POST', `/api/orgs/${org.slug}/sso/test`, { issuer: sso.idp.issuer });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      ok: true,
      issuer: sso.idp.issuer,
      authorizationEndpoint: `${sso.idp.issuer}/auth`,
      tokenEndpoint: `${sso.idp.issuer}/token`,
      endSessionEndpoint: `${sso.idp.issuer}/session/end`,
      problem: null,
    });
    const wrong = await admin('POST', `/api/orgs/${org.slug}/sso/test`, { issuer: 'http://127.0.0.1:9' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.ok).toBe(false);
    expect(wrong.body.problem).toMatch(/could not be reached|Discovery failed/);
  });

  it('saves the connection; the secret is write-only and its change audited without its value', async () => {
    const missing = await admin('PUT', `/api/orgs/${org.slug}/sso`, {
      ...connection(),
      clientSecret: undefined,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('SSO.SECRET_REQUIRED');

    const saved = await admin('PUT', `/api/orgs/${org.slug}/sso`, connection());
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      connection: expect.objectContaining({
        issuer: sso.idp.issuer,
        clientId: CLIENT_ID,
        clientSecretSet: true,
        domains: ['northgate.test'],
        defaultRole: 'founder',
        enforced: false,
      }),
      redirectUri: CALLBACK,
      // What a SAML identity provider would be given (shown whatever the protocol).
      saml: { entityId: `${PUBLIC_URL}/api/sso/saml`, acsUrl: `${PUBLIC_URL}/api/sso/saml/acs` },
    });
    expect(JSON.stringify(saved.body)).not.toContain(CLIENT_SECRET);
    // Saving again without a secret keeps it.
    const kept = await admin('PUT', `/api/orgs/${org.slug}/sso`, {
      ...connection({ defaultRole: 'founder' }),
      clientSecret: undefined,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.connection.clientSecretSet).toBe(true);

    const entry = (await auditActions()).find((e) => e.action === 'sso.updated');
    expect(entry).toBeDefined();
    expect(entry!.details).toMatchObject({ clientSecret: 'changed', issuer: { to: sso.idp.issuer } });
  });

  it('refuses a domain another organization already signs in with', async () => {
    const slug = `other-${unique()}`;
    const other = await sso.platform.direct(
      'organization',
      'POST',
      '/internal/organizations',
      { svc: 'admin' },
      { name: 'Other Org', slug },
    );
    expect(other.status).toBe(201);
    const taken = await admin('PUT', `/api/orgs/${slug}/sso`, connection());
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      code: 'SSO.DOMAIN_TAKEN',
      message: "The domain northgate.test already signs in through another organization's single sign-on.",
    });
  });

  it('a founder of the organization (not staff) cannot see or change it', async () => {
    const { browser } = await sso.platform.newUser();
    const read = await browser.call('GET', `/api/orgs/${org.slug}/sso`);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('ORGANIZATION.NOT_FOUND');
  });
});

describe('signing in with OpenID Connect', () => {
  it('alice signs in, is created just in time as a member with the default role, and a second sign-in creates no second user', async () => {
    const visitor = new SsoBrowser(sso.platform.base);
    const back = await visitor.signIn(ALICE.email, ALICE.password);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/');
    const me = await visitor.call('GET', '/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: ALICE.email, firstName: 'Alice', lastName: 'Northgate' });

    const members = await admin('GET', `/api/orgs/${org.slug}/members`);
    expect(members.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: me.body.id, role: 'founder' })]),
    );
    const created = (await auditActions()).filter((e) => e.action === 'sso.user_created');
    expect(created.map((e) => e.target)).toEqual([ALICE.email]);

    const again = new SsoBrowser(sso.platform.base);
    expect((await again.signIn(ALICE.email, ALICE.password)).status).toBe(302);
    const meAgain = await again.call('GET', '/api/user');
    expect(meAgain.body.id).toBe(me.body.id);
    const users = await sso.platform.direct('auth', 'GET', '/internal/users?q=alice%40northgate.test', {
      svc: 'admin',
    });
    expect(users.body.items).toHaveLength(1);
    expect((await auditActions()).filter((e) => e.action === 'sso.user_created')).toHaveLength(1);
  });

  it('the session is opened like a password sign-in: a new session id, HttpOnly, SameSite=Lax', async () => {
    const visitor = new SsoBrowser(sso.platform.base);
    const started = await visitor.start(ALICE.email);
    const flowCookie = visitor.cookie;
    expect(flowCookie).toBeDefined();
    const back = await visitor.signInAtProvider(started.body.redirectUrl, ALICE.email, ALICE.password);
    const answer = await visitor.callback(back);
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(visitor.cookie).not.toBe(flowCookie);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('an existing password account is linked when the provider says the e-mail is verified', async () => {
    const registered = await new SsoBrowser(sso.platform.base).call('POST', '/api/register', {
      username: CAROL.email,
      password: 'carol-own-password',
    });
    expect(registered.status).toBe(201);
    const visitor = new SsoBrowser(sso.platform.base);
    expect((await visitor.signIn(CAROL.email, CAROL.password)).headers.get('location')).toBe('/');
    expect((await visitor.call('GET', '/api/user')).body.id).toBe(registered.body.id);
    const linked = (await auditActions()).filter((e) => e.action === 'sso.user_linked');
    expect(linked.map((e) => e.target)).toContain(CAROL.email);
  });

  it('an existing account is NOT linked when the provider says the e-mail is unverified', async () => {
    const registered = await new SsoBrowser(sso.platform.base).call('POST', '/api/register', {
      username: BOB.email,
      password: 'bob-own-password',
    });
    expect(registered.status).toBe(201);
    const visitor = new SsoBrowser(sso.platform.base);
    const answer = await visitor.signIn(BOB.email, BOB.password);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/auth/sso-error?reason=email');
    expect((await visitor.call('GET', '/api/user')).status).toBe(401);
  });

  it('an e-mail domain without a connection is told so', async () => {
    const reply = await new SsoBrowser(sso.platform.base).start('someone@nowhere.test');
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('SSO.NOT_CONFIGURED');
  });
});

describe('refusals end on the error page with no session', () => {
  const refused = async (
    visitor: SsoBrowser,
    answer: { status: number; headers: Headers },
    reason: string,
  ) => {
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/auth/sso-error?reason=${reason}`);
    expect((await visitor.call('GET', '/api/user')).status).toBe(401);
  };

  it('a tampered state', async () => {
    const visitor = new SsoBrowser(sso.platform.base);
    const started = await visitor.start(ALICE.email);
    const back = await visitor.signInAtProvider(started.body.redirectUrl, ALICE.email, ALICE.password);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    await refused(visitor, await visitor.callback(back), 'state');
  });

  it('a callback from a flow another browser started', async () => {
    const victim = new SsoBrowser(sso.platform.base);
    const started = await victim.start(ALICE.email);
    const back = await victim.signInAtProvider(started.body.redirectUrl, ALICE.email, ALICE.password);
    const attacker = new SsoBrowser(sso.platform.base);
    await refused(attacker, await attacker.callback(back), 'state');
  });

  it('a replayed callback (the same code and state again)', async () => {
    const visitor = new SsoBrowser(sso.platform.base);
    const started = await visitor.start(ALICE.email);
    const back = await visitor.signInAtProvider(started.body.redirectUrl, ALICE.email, ALICE.password);
    const flowCookie = visitor.cookie;
    expect((await visitor.callback(back)).headers.get('location')).toBe('/');
    // The same browser state as before the first callback, replaying it.
    visitor.platformBrowser.cookie = flowCookie;
    await refused(visitor, await visitor.callback(back), 'state');
  });

  it('a replayed code inside a fresh flow of this browser', async () => {
    const first = new SsoBrowser(sso.platform.base);
    const started = await first.start(ALICE.email);
    const used = await first.signInAtProvider(started.body.redirectUrl, ALICE.email, ALICE.password);
    expect((await first.callback(used)).headers.get('location')).toBe('/');
    // An attacker with the used code starts a flow of their own and presents the code with their state.
    const attacker = new SsoBrowser(sso.platform.base);
    const own = await attacker.start(ALICE.email);
    const state = new URL(own.body.redirectUrl).searchParams.get('state')!;
    const replay = new URL(used);
    replay.searchParams.set('state', state);
    await refused(attacker, await attacker.callback(replay), 'token');
  });

  it.each([
    ['another audience', { aud: 'another-application' }],
    [
      'an expired ID token',
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
    ],
    ['a wrong nonce', { nonce: 'not-the-nonce-of-this-flow' }],
    ['another issuer', { iss: 'http://127.0.0.1:1/evil' }],
  ])('an ID token with %s', async (_what, claims) => {
    const visitor = new SsoBrowser(sso.platform.base);
    const started = await visitor.start(ALICE.email);
    const back = await visitor.signInAtProvider(started.body.redirectUrl, ALICE.email, ALICE.password);
    sso.idp.misbehaveOnce(claims);
    await refused(visitor, await visitor.callback(back), 'token');
  });

  it('the provider answering with an error', async () => {
    const visitor = new SsoBrowser(sso.platform.base);
    const started = await visitor.start(ALICE.email);
    const state = new URL(started.body.redirectUrl).searchParams.get('state')!;
    const back = new URL(`${CALLBACK}?error=access_denied&state=${state}`);
    await refused(visitor, await visitor.callback(back), 'provider');
  });
});

describe('enforcement and sign-out', () => {
  it('with SSO enforced, a password sign-in for the domain is refused with the SSO message; an administrator keeps the break-glass sign-in', async () => {
    const before = await new SsoBrowser(sso.platform.base).call('POST', '/api/login', {
      username: CAROL.email,
      password: 'carol-own-password',
    });
    expect(before.status).toBe(200);

    expect((await admin('PUT', `/api/orgs/${org.slug}/sso`, connection({ enforced: true }))).status).toBe(
      200,
    );
    for (const username of [CAROL.email, 'nobody@northgate.test', ALICE.email]) {
      const refused = await new SsoBrowser(sso.platform.base).call('POST', '/api/login', {
        username,
        password: 'whatever-password',
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: 'AUTH.SSO_REQUIRED', message: SSO_REQUIRED_MESSAGE });
    }

    // The platform administrator's own domain enforced by another organization: their password still works.
    const slug = `root-${unique()}`;
    const rootOrg = await sso.platform.direct(
      'organization',
      'POST',
      '/internal/organizations',
      { svc: 'admin' },
      { name: 'Root Org', slug },
    );
    expect(rootOrg.status).toBe(201);
    const enforced = await admin(
      'PUT',
      `/api/orgs/${slug}/sso`,
      connection({ enforced: true, domains: ['ventureroadmap.test'] }),
    );
    expect(enforced.status).toBe(200);
    const breakGlass = await new SsoBrowser(sso.platform.base).call('POST', '/api/login', {
      username: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(breakGlass.status).toBe(200);
    expect((await admin('DELETE', `/api/orgs/${slug}/sso`)).status).toBe(200);
  });

  it("signing out ends the platform session and offers the provider's end-session URL", async () => {
    const visitor = new SsoBrowser(sso.platform.base);
    await visitor.signIn(ALICE.email, ALICE.password);
    const out = await visitor.call('POST', '/api/logout');
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    const url = new URL(out.body.endSessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${sso.idp.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect((await visitor.call('GET', '/api/user')).status).toBe(401);

    // A password session's sign-out offers nothing.
    const admin2 = await sso.platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const plain = await admin2.call('POST', '/api/logout');
    expect(plain.body).toEqual({ success: true });
  });
});

describe('the client secret stays secret', () => {
  it('appears in no API answer, no log line and not in the audit CSV export', async () => {
    const read = await admin('GET', `/api/orgs/${org.slug}/sso`);
    expect(read.status).toBe(200);
    const csv = await sso.administrator.call('GET', `/api/orgs/${org.slug}/audit.csv`);
    expect(csv.status).toBe(200);
    answers.push(typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body));
    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(answer).not.toContain(CLIENT_SECRET);
    const logs = sso.logs();
    // The logs did record the SSO traffic (so the grep below reads something).
    expect(logs).toContain('sso sign-in');
    expect(logs).not.toContain(CLIENT_SECRET);
  });
});
