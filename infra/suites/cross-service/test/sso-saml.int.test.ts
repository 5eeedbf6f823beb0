import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  certificate,
  readAuthnRequest,
  startSamlTestIdp,
  type SamlResponseInput,
  type SamlTestIdp,
} from '@app/sso-test-idp';
import {
  PUBLIC_URL,
  SsoBrowser,
  startSsoPlatform,
  unique,
  type SsoPlatform,
} from './support/sso-platform.ts';

/*
 * Issue 19: SAML 2.0 sign-in per organization, end to end through the real gateway and services, with
 * responses signed by a real XML-signature library (xml-crypto) under a key and certificate made in the
 * test: the metadata read and checked, a signed assertion accepted and linking or creating the account, and
 * every refusal (unsigned, signed by another key, replayed, another audience, another flow's request,
 * expired) ending on the error page with no session.
 */

const SP_ENTITY_ID = `${PUBLIC_URL}/api/sso/saml`;
const ACS_URL = `${PUBLIC_URL}/api/sso/saml/acs`;
const IDP_ENTITY_ID = 'https://idp.northgate.test/saml/metadata';

let sso: SsoPlatform;
let idp: SamlTestIdp;
let org: { id: string; slug: string };
let metadataServer: Server;
let metadataUrl: string;
const answers: string[] = [];

async function admin(method: string, path: string, body?: unknown) {
  const reply = await sso.administrator.call(method, path, body);
  answers.push(JSON.stringify(reply.body));
  return reply;
}

const samlConnection = (fields: Record<string, unknown> = {}) => ({
  protocol: 'saml',
  enabled: true,
  enforced: false,
  metadataXml: idp.metadata(),
  domains: ['saml-northgate.test'],
  defaultRole: 'founder',
  ...fields,
});

/** "Continue with SSO" for `email`: the browser, and the AuthnRequest it was sent to the IdP with. */
async function start(email: string) {
  const browser = new SsoBrowser(sso.platform.base);
  const started = await browser.start(email);
  expect(started.status).toBe(200);
  const redirectUrl = started.body.redirectUrl as string;
  expect(redirectUrl.startsWith(`${idp.ssoUrl}?`)).toBe(true);
  return { browser, request: readAuthnRequest(redirectUrl) };
}

/** The IdP's form post, as a browser sends it cross-site: no session cookie, the IdP's origin. */
async function postToAcs(samlResponse: string, relayState: string) {
  const res = await fetch(`${sso.platform.base}/api/sso/saml/acs`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://idp.northgate.test',
      'sec-fetch-site': 'cross-site',
    },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie: res.headers.get('set-cookie'),
  };
}

/** The whole way back: the ACS post, then the browser following the 303 with its cookie. */
async function postAndComplete(browser: SsoBrowser, samlResponse: string, relayState: string) {
  const posted = await postToAcs(samlResponse, relayState);
  expect(posted.setCookie).toBeNull();
  if (posted.location !== '/api/sso/saml/complete')
    return { status: posted.status, location: posted.location };
  const back = await browser.callback(new URL(`${PUBLIC_URL}/api/sso/saml/complete`));
  return { status: back.status, location: back.headers.get('location') };
}

const signedFor = (request: { id: string }, fields: Partial<Parameters<SamlTestIdp['response']>[0]> = {}) =>
  idp.response({
    inResponseTo: request.id,
    audience: SP_ENTITY_ID,
    acsUrl: ACS_URL,
    nameId: 'alice-persistent-1',
    email: 'alice@saml-northgate.test',
    givenName: 'Alice',
    familyName: 'Saml',
    ...fields,
  });

beforeAll(async () => {
  sso = await startSsoPlatform();
  idp = await startSamlTestIdp(IDP_ENTITY_ID);
  metadataServer = createServer((req, res) => {
    if (req.url === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadata());
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}/metadata`;
  const slug = `saml-northgate-${unique()}`;
  const created = await sso.platform.direct(
    'organization',
    'POST',
    '/internal/organizations',
    { svc: 'admin' },
    { name: 'Northgate SAML University', slug },
  );
  expect(created.status).toBe(201);
  org = { id: created.body.id, slug };
});

afterAll(async () => {
  await new Promise((resolve) => metadataServer?.close(resolve));
  await sso?.close();
});

describe('an org admin configures SAML from the identity provider metadata', () => {
  it('"Test connection" reports the entity id, SSO URL and certificate, or what is wrong', async () => {
    const ok = await admin('POST', `/api/orgs/${org.slug}/sso/test`, {
      protocol: 'saml',
      metadataXml: idp.metadata(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      ok: true,
      problem: null,
      saml: { entityId: IDP_ENTITY_ID, ssoUrl: idp.ssoUrl },
    });
    expect(ok.body.saml.certificates).toEqual([
      expect.objectContaining({ subject: 'CN=Northgate Test IdP', fingerprint256: expect.any(String) }),
    ]);

    const broken = await admin('POST', `/api/orgs/${org.slug}/sso/test`, {
      protocol: 'saml',
      metadataXml: '<md:EntityDescriptor',
    });
    expect(broken.body).toMatchObject({
      ok: false,
      saml: null,
      problem: 'The metadata is not well-formed XML.',
    });

    const noCert = await admin('POST', `/api/orgs/${org.slug}/sso/test`, {
      protocol: 'saml',
      metadataXml: idp.metadata().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''),
    });
    expect(noCert.body.problem).toMatch(/no signing certificate/);

    const old = await certificate({
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    });
    const expired = await admin('POST', `/api/orgs/${org.slug}/sso/test`, {
      protocol: 'saml',
      metadataXml: idp.metadata({ cert: old.cert }),
    });
    expect(expired.body.problem).toBe('A signing certificate in the metadata expired on 2021-01-01.');

    const byUrl = await admin('POST', `/api/orgs/${org.slug}/sso/test`, { protocol: 'saml', metadataUrl });
    expect(byUrl.body).toMatchObject({ ok: true, saml: { entityId: IDP_ENTITY_ID } });
  });

  it('saves the connection from its metadata (pasted or by URL), shows what to register at the IdP, audited', async () => {
    const invalid = await admin('PUT', `/api/orgs/${org.slug}/sso`, samlConnection({ metadataXml: '<x/>' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('SSO.METADATA_INVALID');
    const both = await admin('PUT', `/api/orgs/${org.slug}/sso`, samlConnection({ metadataUrl }));
    expect(both.status).toBe(400);

    const saved = await admin('PUT', `/api/orgs/${org.slug}/sso`, samlConnection());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      connection: {
        protocol: 'saml',
        issuer: IDP_ENTITY_ID,
        clientId: '',
        clientSecretSet: false,
        saml: { ssoUrl: idp.ssoUrl, metadataUrl: null },
      },
      saml: { entityId: SP_ENTITY_ID, acsUrl: ACS_URL },
    });
    const fetched = await admin(
      'PUT',
      `/api/orgs/${org.slug}/sso`,
      samlConnection({ metadataXml: undefined, metadataUrl }),
    );
    expect(fetched.status).toBe(200);
    expect(fetched.body.connection.saml.metadataUrl).toBe(metadataUrl);

    const audit = await admin('GET', `/api/orgs/${org.slug}/audit?limit=50`);
    const updated = (audit.body.items as Array<{ action: string; details: Record<string, unknown> }>).filter(
      (e) => e.action === 'sso.updated',
    );
    expect(updated.length).toBeGreaterThanOrEqual(2);
    expect(updated.at(-1)!.details).toMatchObject({
      protocol: { from: null, to: 'saml' },
      issuer: { from: null, to: IDP_ENTITY_ID },
      samlSsoUrl: { from: null, to: idp.ssoUrl },
      samlCertificates: { changed: true, count: 1 },
    });
  });
});

describe('a SAML sign-in', () => {
  it('a signed assertion is accepted: the account is created just in time, a member, and found again by (IdP, NameID)', async () => {
    const { browser, request } = await start('alice@saml-northgate.test');
    expect(request.xml).toContain(
      `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${SP_ENTITY_ID}</saml:Issuer>`,
    );
    expect(request.xml).toContain(`AssertionConsumerServiceURL="${ACS_URL}"`);
    const done = await postAndComplete(browser, signedFor(request), request.relayState);
    expect(done).toEqual({ status: 302, location: '/' });
    const me = await browser.call('GET', '/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      username: 'alice@saml-northgate.test',
      firstName: 'Alice',
      lastName: 'Saml',
    });
    const members = await admin('GET', `/api/orgs/${org.slug}/members`);
    expect(JSON.stringify(members.body)).toContain(me.body.id);

    // Again, with another address at the IdP: the NameID decides.
    const next = await start('alice@saml-northgate.test');
    const again = await postAndComplete(
      next.browser,
      signedFor(next.request, { email: 'alice.renamed@saml-northgate.test' }),
      next.request.relayState,
    );
    expect(again.location).toBe('/');
    expect((await next.browser.call('GET', '/api/user')).body.id).toBe(me.body.id);
  });

  it('an existing account with the address in an allowed domain is linked (audited sso.user_linked)', async () => {
    const registered = await new SsoBrowser(sso.platform.base).call('POST', '/api/register', {
      username: 'bob@saml-northgate.test',
      password: 'bob-own-password',
    });
    expect(registered.status).toBe(201);
    const { browser, request } = await start('bob@saml-northgate.test');
    const done = await postAndComplete(
      browser,
      signedFor(request, { nameId: 'bob-persistent-1', email: 'bob@saml-northgate.test' }),
      request.relayState,
    );
    expect(done.location).toBe('/');
    const me = await browser.call('GET', '/api/user');
    expect(me.body.id).toBe(registered.body.id);
    const audit = await admin('GET', `/api/orgs/${org.slug}/audit?limit=100`);
    const actions = (audit.body.items as Array<{ action: string; target: string }>).map(
      (e) => `${e.action} ${e.target}`,
    );
    expect(actions).toContain('sso.user_created alice@saml-northgate.test');
    expect(actions).toContain('sso.user_linked bob@saml-northgate.test');
  });

  it.each([
    ['unsigned', { sign: 'none' as const }],
    ['signed only at the response level (the assertion must be signed)', { sign: 'response' as const }],
    ['signed with another key', { signingKey: 'forged' }],
    ['for another audience', { audience: 'https://other-sp.test/saml' }],
    ['from another issuer', { issuer: 'https://evil-idp.test/saml' }],
    [
      'expired',
      { notBefore: new Date(Date.now() - 3_600_000), notOnOrAfter: new Date(Date.now() - 1_800_000) },
    ],
  ])('a response %s is refused, with no session', async (_what, fields) => {
    const { browser, request } = await start('alice@saml-northgate.test');
    const given: Partial<SamlResponseInput> = fields;
    const response = signedFor(
      request,
      given.signingKey === 'forged' ? { signingKey: (await certificate()).privateKey } : given,
    );
    const done = await postAndComplete(browser, response, request.relayState);
    expect(done).toEqual({ status: 302, location: '/auth/sso-error?reason=token' });
    expect((await browser.call('GET', '/api/user')).status).toBe(401);
  });

  it("a response to another flow's request (InResponseTo) is refused", async () => {
    const mine = await start('alice@saml-northgate.test');
    const other = await start('alice@saml-northgate.test');
    const done = await postAndComplete(mine.browser, signedFor(other.request), mine.request.relayState);
    expect(done.location).toBe('/auth/sso-error?reason=token');
    expect((await mine.browser.call('GET', '/api/user')).status).toBe(401);
  });

  it('a replayed response is refused: posted twice, posted into a new flow, or its assertion id reused', async () => {
    const first = await start('alice@saml-northgate.test');
    const response = signedFor(first.request, { assertionId: '_replayed-assertion-1' });
    expect((await postAndComplete(first.browser, response, first.request.relayState)).location).toBe('/');
    // The same post again, for the same (now used) flow.
    expect(await postToAcs(response, first.request.relayState)).toMatchObject({
      status: 303,
      location: '/auth/sso-error?reason=state',
    });
    // The captured response, posted for a new flow of another browser.
    const second = await start('alice@saml-northgate.test');
    const replayed = await postAndComplete(second.browser, response, second.request.relayState);
    expect(replayed.location).toBe('/auth/sso-error?reason=token');
    expect((await second.browser.call('GET', '/api/user')).status).toBe(401);
    // A correctly signed answer to the new flow that reuses the accepted assertion's id.
    const third = await start('alice@saml-northgate.test');
    const reused = await postAndComplete(
      third.browser,
      signedFor(third.request, { assertionId: '_replayed-assertion-1' }),
      third.request.relayState,
    );
    expect(reused.location).toBe('/auth/sso-error?reason=token');
    expect((await third.browser.call('GET', '/api/user')).status).toBe(401);
    // Refused by the replay store (the response itself was valid), not by anything else.
    expect(sso.logs()).toContain('the assertion was already used');
  });

  it('a response posted for one browser never signs in another (login CSRF): the session must hold the flow', async () => {
    const victim = await start('alice@saml-northgate.test');
    const attacker = await start('alice@saml-northgate.test');
    // The attacker's own valid response lands in the victim's browser (an auto-submitting form).
    const posted = await postToAcs(signedFor(attacker.request), attacker.request.relayState);
    expect(posted.location).toBe('/api/sso/saml/complete');
    const back = await victim.browser.callback(new URL(`${PUBLIC_URL}/api/sso/saml/complete`));
    expect(back.headers.get('location')).toBe('/auth/sso-error?reason=state');
    expect((await victim.browser.call('GET', '/api/user')).status).toBe(401);
  });

  it('junk at the ACS never fails with a 500', async () => {
    for (const body of ['', 'SAMLResponse=%%%', 'SAMLResponse=PHg%2B&RelayState=nope', 'RelayState=x']) {
      const res = await fetch(`${sso.platform.base}/api/sso/saml/acs`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(res.status).toBeLessThan(500);
    }
    const json = await fetch(`${sso.platform.base}/api/sso/saml/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: '{"SAMLResponse":"x"}',
    });
    expect(json.status).toBe(415);
  });
});

describe('nothing secret leaks', () => {
  it('no answer, log line or export carries the IdP key or a SAML response', async () => {
    const csv = await sso.administrator.call('GET', `/api/orgs/${org.slug}/audit.csv`);
    answers.push(typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body));
    const keyBody = idp.privateKey
      .replace(/-----[^-]+-----/g, '')
      .replace(/\s+/g, '')
      .slice(0, 60);
    const logs = sso.logs();
    expect(logs).toContain('sso sign-in');
    for (const text of [...answers, logs]) {
      expect(text).not.toContain(keyBody);
      expect(text).not.toContain('PHNhbWxwOlJlc3BvbnNl'); // base64 of "<samlp:Response"
    }
  });
});
