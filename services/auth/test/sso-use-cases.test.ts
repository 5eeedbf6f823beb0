import { SSO_REQUIRED_MESSAGE, type SsoInternalConnection, type SsoMemberOutcome } from '@app/contracts';
import { completeSamlSso, completeSso, keepSamlResponse } from '../src/domain/complete-sso.ts';
import { logIn } from '../src/domain/log-in.ts';
import { registerUser } from '../src/domain/register-user.ts';
import { requestPasswordReset } from '../src/domain/request-password-reset.ts';
import { startSso } from '../src/domain/start-sso.ts';
import {
  SsoError,
  type SamlAssertion,
  type SsoClaims,
  type SsoContext,
  type SsoFlowRecord,
} from '../src/domain/sso.ts';
import { caller, testContext, type TestContext } from './support/context.ts';

/*
 * Issue 19: the rules of an SSO sign-in (flow binding, linking, provisioning) and of enforcement, on the
 * in-memory store with a fake organization directory and a fake relying party (the real ones are proven
 * against a real provider in infra/suites/cross-service/test/sso-oidc.int.test.ts).
 */

const ISSUER = 'https://idp.northgate.test';
const ORG = '65a1b2c3d4e5f60718293a4b';

function connection(fields: Partial<SsoInternalConnection> = {}): SsoInternalConnection {
  return {
    organizationId: ORG,
    organizationName: 'Northgate',
    protocol: 'oidc',
    enabled: true,
    enforced: false,
    issuer: ISSUER,
    clientId: 'portal',
    clientSecret: 'secret',
    domains: ['northgate.test'],
    defaultRole: 'founder',
    saml: null,
    ...fields,
  };
}

interface World {
  ctx: TestContext;
  connection: SsoInternalConnection | null;
  /** What the provider "says" on the next callback (or the error it fails with). */
  claims: SsoClaims | SsoError;
  signIns: Array<{ userId: string; outcome: SsoMemberOutcome }>;
  directoryDown: boolean;
  /** What the SAML identity provider's response "says" once validated (or the error it fails with). */
  assertion: SamlAssertion | SsoError;
  claimedAssertions: Set<string>;
}

function world(): World {
  const flows = new Map<string, SsoFlowRecord & { used: boolean }>();
  let counter = 0;
  const w: World = {
    ctx: testContext(),
    connection: connection(),
    claims: claims(),
    signIns: [],
    directoryDown: false,
    assertion: {
      issuer: 'https://idp.northgate.test/saml',
      nameId: 'alice-nameid',
      assertionId: '_a1',
      notOnOrAfter: new Date(Date.now() + 300_000),
      email: 'alice@northgate.test',
      givenName: 'Alice',
      familyName: 'Northgate',
    },
    claimedAssertions: new Set(),
  };
  const sso: SsoContext = {
    flowTtlMs: 10 * 60_000,
    directory: {
      byDomain: async (domain) => {
        if (w.directoryDown) throw new Error('down');
        return w.connection?.domains.includes(domain) ? w.connection : null;
      },
      ofOrganization: async () => w.connection,
      recordSignIn: async (input) => {
        w.signIns.push({ userId: input.userId, outcome: input.outcome });
      },
    },
    flows: {
      create: async (flow) => void flows.set(flow.id, { ...flow, used: false }),
      consume: async (id) => {
        const flow = flows.get(id);
        if (!flow) return 'unknown';
        if (flow.used) return 'used';
        flow.used = true;
        return flow;
      },
      attachSamlResponse: async (id, response) => {
        const flow = flows.get(id);
        if (!flow || flow.used || flow.protocol !== 'saml' || flow.samlResponse !== null) return false;
        flow.samlResponse = response;
        return true;
      },
    },
    saml: {
      authorizeUrl: async (_c, _sp, checks) =>
        `https://idp.northgate.test/sso?id=${checks.requestId}&RelayState=${checks.relayState}`,
      validate: async (_c, _sp, response, checks) => {
        if (w.assertion instanceof SsoError) throw w.assertion;
        if (response !== `response-to-${checks.requestId}`) throw new SsoError('token', 'InResponseTo');
        return w.assertion;
      },
    },
    assertions: {
      claim: async (key) => {
        if (w.claimedAssertions.has(key)) return false;
        w.claimedAssertions.add(key);
        return true;
      },
    },
    rp: {
      random: () => `r${(counter += 1)}`,
      pkce: async () => ({ verifier: 'verifier', challenge: 'challenge' }),
      authorizationUrl: async (_c, checks) => `${ISSUER}/auth?state=${checks.state}`,
      complete: async () => {
        if (w.claims instanceof SsoError) throw w.claims;
        return w.claims;
      },
      endSessionUrl: async () => null,
    },
  };
  w.ctx.sso = sso;
  return w;
}

function claims(fields: Partial<SsoClaims> = {}): SsoClaims {
  return {
    issuer: ISSUER,
    subject: 'alice-1',
    email: 'alice@northgate.test',
    emailVerified: true,
    givenName: 'Alice',
    familyName: 'Northgate',
    ...fields,
  };
}

/** Starts a flow and comes back with its state (or `state` as given). */
async function signIn(w: World, email = 'alice@northgate.test', state?: string) {
  const { redirectUrl, flowId } = await startSso(w.ctx, caller, email);
  const flowState = new URL(redirectUrl).searchParams.get('state')!;
  const url = new URL(`https://app.example.test/api/sso/callback?code=c&state=${state ?? flowState}`);
  return { flowId, url, run: () => completeSso(w.ctx, caller, flowId, url) };
}

const reasonOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'signed in',
    (error: unknown) => (error instanceof SsoError ? error.reason : String(error)),
  );

describe('an SSO sign-in', () => {
  it('when no account has the identity or the address, then one is created just in time, with the names, and reported as created', async () => {
    const w = world();
    const done = await (await signIn(w)).run();
    expect(done.outcome).toBe('created');
    expect(done.user).toMatchObject({
      username: 'alice@northgate.test',
      firstName: 'Alice',
      organizationId: ORG,
    });
    expect(w.signIns).toEqual([{ userId: done.user.id, outcome: 'created' }]);
    expect(w.ctx.users.raw(done.user.id)!.outbox.map((e) => e.type)).toEqual(['user.registered']);
  });

  it("issue 21: an account created just in time takes the browser's Accept-Language, and its user.registered carries it", async () => {
    const w = world();
    const { redirectUrl, flowId } = await startSso(w.ctx, caller, 'alice@northgate.test');
    const state = new URL(redirectUrl).searchParams.get('state')!;
    const url = new URL(`https://app.example.test/api/sso/callback?code=c&state=${state}`);
    const done = await completeSso(w.ctx, { ...caller, acceptLanguage: 'es' }, flowId, url);
    expect([done.outcome, done.user.language]).toEqual(['created', 'es']);
    expect(
      w.ctx.users.raw(done.user.id)!.outbox.map((e) => [e.type, (e.data as { language?: string }).language]),
    ).toEqual([['user.registered', 'es']]);
    // Without the header (the caller negotiated nothing), English.
    w.claims = claims({ subject: 'bob-subject', email: 'bob@northgate.test' });
    const bob = await (await signIn(w, 'bob@northgate.test')).run();
    expect([bob.outcome, bob.user.language]).toEqual(['created', 'en']);
  });

  it('when the identity signs in again, then the same account is found by (issuer, subject), even with another e-mail', async () => {
    const w = world();
    const first = await (await signIn(w)).run();
    w.claims = claims({ email: 'alice.renamed@northgate.test' });
    const again = await (await signIn(w)).run();
    expect([again.user.id, again.outcome]).toEqual([first.user.id, 'signedIn']);
    expect(w.ctx.users.all()).toHaveLength(1);
  });

  it('when an account has the address and the provider says it is verified, then it is linked', async () => {
    const w = world();
    const existing = await registerUser(w.ctx, caller, {
      username: 'alice@northgate.test',
      password: 'pw-123456',
    });
    const done = await (await signIn(w)).run();
    expect([done.user.id, done.outcome]).toEqual([existing.id, 'linked']);
  });

  it.each([
    ['unverified', false],
    ['not stated', null],
  ])(
    'when an account has the address and the provider says it is %s, then nothing is linked',
    async (_what, verified) => {
      const w = world();
      await registerUser(w.ctx, caller, { username: 'alice@northgate.test', password: 'pw-123456' });
      w.claims = claims({ emailVerified: verified });
      expect(await reasonOf((await signIn(w)).run())).toBe('email');
      expect(w.signIns).toEqual([]);
    },
  );

  it('when the provider says a new address is unverified, then no account is created', async () => {
    const w = world();
    w.claims = claims({ emailVerified: false });
    expect(await reasonOf((await signIn(w)).run())).toBe('email');
    expect(w.ctx.users.all()).toHaveLength(0);
  });

  it("when the e-mail is outside the organization's domains, or missing, then it is refused", async () => {
    const w = world();
    w.claims = claims({ email: 'alice@elsewhere.test' });
    expect(await reasonOf((await signIn(w)).run())).toBe('email');
    w.claims = claims({ email: null });
    expect(await reasonOf((await signIn(w)).run())).toBe('email');
  });

  it('when the state differs, the flow was used, or the session has no flow, then it is refused as state', async () => {
    const w = world();
    expect(await reasonOf((await signIn(w, 'alice@northgate.test', 'forged')).run())).toBe('state');
    const once = await signIn(w);
    await once.run();
    expect(await reasonOf(once.run())).toBe('state');
    expect(await reasonOf(completeSso(w.ctx, caller, undefined, once.url))).toBe('state');
    expect(await reasonOf(completeSso(w.ctx, caller, 'someone-elses', once.url))).toBe('state');
  });

  it('when the flow is older than its lifetime, then it is refused as expired', async () => {
    const w = world();
    const flow = await signIn(w);
    w.ctx.advance(10 * 60_000 + 1);
    expect(await reasonOf(flow.run())).toBe('expired');
  });

  it('when the provider answers with an error, or the token does not verify, then it is refused', async () => {
    const w = world();
    const flow = await signIn(w);
    flow.url.searchParams.set('error', 'access_denied');
    expect(await reasonOf(flow.run())).toBe('provider');
    w.claims = new SsoError('token', 'audience');
    expect(await reasonOf((await signIn(w)).run())).toBe('token');
  });

  it('when the connection was changed or disabled during the sign-in, then it is refused', async () => {
    const w = world();
    const changed = await signIn(w);
    w.connection = connection({ clientId: 'another-client' });
    expect(await reasonOf(changed.run())).toBe('expired');
    const disabled = await signIn(w);
    w.connection = connection({ clientId: 'another-client', enabled: false });
    expect(await reasonOf(disabled.run())).toBe('unavailable');
  });

  it('when the account is deactivated, then no session', async () => {
    const w = world();
    const first = await (await signIn(w)).run();
    await w.ctx.users.updateAdminFields(first.user.id, { isActive: false }, []);
    expect(await reasonOf((await signIn(w)).run())).toBe('deactivated');
  });

  it('when the domain has no connection, or it is off, then starting is 404 SSO.NOT_CONFIGURED', async () => {
    const w = world();
    await expect(startSso(w.ctx, caller, 'bob@elsewhere.test')).rejects.toMatchObject({
      status: 404,
      code: 'SSO.NOT_CONFIGURED',
    });
    w.connection = connection({ enabled: false });
    await expect(startSso(w.ctx, caller, 'alice@northgate.test')).rejects.toMatchObject({ status: 404 });
  });
});

describe('password sign-in where SSO is required', () => {
  it('when the domain enforces SSO, then any address there is refused with the SSO message, existing or not', async () => {
    const w = world();
    await registerUser(w.ctx, caller, { username: 'carol@northgate.test', password: 'pw-123456' });
    w.connection = connection({ enforced: true });
    for (const username of ['carol@northgate.test', 'nobody@northgate.test']) {
      await expect(logIn(w.ctx, { username, password: 'pw-123456' })).rejects.toMatchObject({
        status: 403,
        code: 'AUTH.SSO_REQUIRED',
        message: SSO_REQUIRED_MESSAGE,
      });
    }
  });

  it('when the address is an active platform administrator, then the password still works (break-glass)', async () => {
    const w = world();
    const admin = await registerUser(w.ctx, caller, {
      username: 'it@northgate.test',
      password: 'pw-123456',
      isAdmin: true,
    });
    w.connection = connection({ enforced: true });
    await expect(
      logIn(w.ctx, { username: 'it@northgate.test', password: 'pw-123456' }),
    ).resolves.toMatchObject({
      id: admin.id,
    });
  });

  it('when SSO is not enforced, disabled, or the organization service is down, then the password decides', async () => {
    const w = world();
    await registerUser(w.ctx, caller, { username: 'carol@northgate.test', password: 'pw-123456' });
    for (const setup of [
      () => (w.connection = connection({ enforced: false })),
      () => (w.connection = connection({ enforced: true, enabled: false })),
      () => {
        w.connection = connection({ enforced: true });
        w.directoryDown = true;
      },
    ]) {
      setup();
      await expect(
        logIn(w.ctx, { username: 'carol@northgate.test', password: 'pw-123456' }),
      ).resolves.toMatchObject({ username: 'carol@northgate.test' });
    }
  });

  it('where SSO is required, a password reset sends no link (an administrator still gets one)', async () => {
    const w = world();
    const member = await registerUser(w.ctx, caller, {
      username: 'carol@northgate.test',
      password: 'pw-123456',
    });
    const admin = await registerUser(w.ctx, caller, {
      username: 'it@northgate.test',
      password: 'pw-123456',
      isAdmin: true,
    });
    w.connection = connection({ enforced: true });
    await requestPasswordReset(w.ctx, caller, { username: 'carol@northgate.test' });
    await requestPasswordReset(w.ctx, caller, { username: 'it@northgate.test' });
    const resets = (id: string) =>
      w.ctx.users.raw(id)!.outbox.filter((event) => event.type === 'password.reset_requested');
    expect(resets(member.id)).toHaveLength(0);
    expect(resets(admin.id)).toHaveLength(1);
    w.connection = connection({ enforced: false });
    await requestPasswordReset(w.ctx, caller, { username: 'carol@northgate.test' });
    expect(resets(member.id)).toHaveLength(1);
  });

  it('an account created by SSO has no password that works', async () => {
    const w = world();
    await (await signIn(w)).run();
    await expect(
      logIn(w.ctx, { username: 'alice@northgate.test', password: '!sso-only' }),
    ).rejects.toMatchObject({
      code: 'AUTH.INVALID_CREDENTIALS',
    });
  });
});

describe('a SAML sign-in (the same linking and provisioning rules)', () => {
  const samlConnection = () =>
    connection({
      protocol: 'saml',
      issuer: 'https://idp.northgate.test/saml',
      clientId: '',
      clientSecret: '',
      saml: { ssoUrl: 'https://idp.northgate.test/sso', certificates: ['PEM'] },
    });

  /** Starts a SAML flow; the "IdP" answers the request it was sent, posted for the flow's RelayState. */
  async function samlSignIn(w: World, email = 'alice@northgate.test') {
    const { redirectUrl, flowId } = await startSso(w.ctx, caller, email);
    const url = new URL(redirectUrl);
    const relayState = url.searchParams.get('RelayState')!;
    const response = `response-to-${url.searchParams.get('id')}`;
    return {
      flowId,
      relayState,
      response,
      post: () => keepSamlResponse(w.ctx, relayState, response),
      complete: () => completeSamlSso(w.ctx, caller, flowId),
    };
  }

  it('when the assertion is valid, then an account is created just in time with the SAML key, and the same NameID finds it again', async () => {
    const w = world();
    w.connection = samlConnection();
    const first = await samlSignIn(w);
    expect(first.relayState).toBe(first.flowId);
    await first.post();
    const done = await first.complete();
    expect(done.outcome).toBe('created');
    const linked = await w.ctx.users.findBySsoKey('https://idp.northgate.test/saml alice-nameid');
    expect(linked?.id).toBe(done.user.id);
    w.assertion = { ...(w.assertion as SamlAssertion), assertionId: '_a2', email: 'other@northgate.test' };
    const again = await samlSignIn(w);
    await again.post();
    expect(await again.complete()).toMatchObject({ outcome: 'signedIn', user: { id: done.user.id } });
  });

  it('when an account has the address in an allowed domain, then it is linked (the asserted e-mail counts as verified there)', async () => {
    const w = world();
    w.connection = samlConnection();
    const existing = await registerUser(w.ctx, caller, {
      username: 'alice@northgate.test',
      password: 'pw-123456',
    });
    const flow = await samlSignIn(w);
    await flow.post();
    expect(await flow.complete()).toMatchObject({ outcome: 'linked', user: { id: existing.id } });
  });

  it('when the e-mail is outside the allowed domains, then nothing is linked or created', async () => {
    const w = world();
    w.connection = samlConnection();
    await registerUser(w.ctx, caller, { username: 'alice@elsewhere.test', password: 'pw-123456' });
    w.assertion = { ...(w.assertion as SamlAssertion), email: 'alice@elsewhere.test' };
    const flow = await samlSignIn(w);
    await flow.post();
    expect(await reasonOf(flow.complete())).toBe('email');
    expect(w.signIns).toEqual([]);
  });

  it('when the same assertion comes again, then it is refused as a replay', async () => {
    const w = world();
    w.connection = samlConnection();
    const first = await samlSignIn(w);
    await first.post();
    await first.complete();
    const second = await samlSignIn(w);
    await second.post();
    expect(await reasonOf(second.complete())).toBe('token');
  });

  it('when a response is posted twice for a flow, for no flow, or the session has another flow, then it is refused', async () => {
    const w = world();
    w.connection = samlConnection();
    const flow = await samlSignIn(w);
    await flow.post();
    expect(await reasonOf(flow.post())).toBe('state');
    expect(await reasonOf(keepSamlResponse(w.ctx, 'no-such-flow', 'x'))).toBe('state');
    const other = await samlSignIn(w);
    // This browser's session holds `other`, which never got a response: the posted one is not its.
    expect(await reasonOf(completeSamlSso(w.ctx, caller, other.flowId))).toBe('state');
    expect(await reasonOf(completeSamlSso(w.ctx, caller, undefined))).toBe('state');
  });

  it('when the response answers another request, then it is refused', async () => {
    const w = world();
    w.connection = samlConnection();
    const mine = await samlSignIn(w);
    const theirs = await samlSignIn(w);
    // A response issued for the other flow's request, posted with this flow's RelayState.
    await keepSamlResponse(w.ctx, mine.relayState, theirs.response);
    expect(await reasonOf(mine.complete())).toBe('token');
  });
});
