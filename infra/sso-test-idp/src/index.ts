import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/*
 * A real OpenID Connect provider (oidc-provider, the certified Node implementation) with fixture accounts,
 * for the SSO tests (jest and Playwright start it on a free 127.0.0.1 port) and for trying SSO locally
 * (`docker compose --profile sso up`). Never part of the platform itself.
 *
 * Its login form checks the fixture passwords; consent is granted at once (a workforce provider's usual
 * setting for an application the IT team registered). `misbehaveOnce` makes the next token answer carry an
 * ID token with changed claims (another audience, an old expiry, a wrong nonce), re-signed with the
 * provider's own key, so a relying party's checks can be proven against a token that is otherwise genuine.
 */

export interface FixtureAccount {
  /** The stable subject (`sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  password: string;
  givenName: string;
  familyName: string;
}

export const FIXTURE_ACCOUNTS: readonly FixtureAccount[] = [
  {
    subject: 'northgate-alice-0001',
    email: 'alice@northgate.test',
    emailVerified: true,
    password: 'alice-idp-password',
    givenName: 'Alice',
    familyName: 'Northgate',
  },
  {
    subject: 'northgate-bob-0002',
    email: 'bob@northgate.test',
    emailVerified: false,
    password: 'bob-idp-password',
    givenName: 'Bob',
    familyName: 'Unverified',
  },
  {
    subject: 'northgate-carol-0003',
    email: 'carol@northgate.test',
    emailVerified: true,
    password: 'carol-idp-password',
    givenName: 'Carol',
    familyName: 'Northgate',
  },
];

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface TestIdpOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  /** The issuer as clients reach it; default `http://<host>:<port>`. */
  issuer?: string;
  clients: TestClient[];
  accounts?: readonly FixtureAccount[];
}

export interface TestIdp {
  issuer: string;
  port: number;
  /** The next ID token issued gets these claims (then the provider behaves again). */
  misbehaveOnce(claims: Record<string, unknown>): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function loginPage(uid: string, problem: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Northgate identity provider: sign in</title>
<style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto}label{display:block;margin-top:1rem}input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1rem}</style></head>
<body><main><h1>Test identity provider</h1><p>Sign in to continue to the application.</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="login">Email</label><input id="login" name="login" type="email" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const accounts = options.accounts ?? FIXTURE_ACCOUNTS;
  const host = options.host ?? '127.0.0.1';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  let pendingMisbehaviour: Record<string, unknown> | null = null;

  let provider: Provider | null = null;
  const server = http.createServer((req, res) => {
    if (!provider) {
      res.statusCode = 503;
      return void res.end();
    }
    const url = new URL(req.url ?? '/', 'http://idp.invalid');
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (match) {
      interaction(provider, req, res, match[2] === '/login').catch((err: unknown) => {
        res.statusCode = 500;
        res.end(`interaction failed: ${(err as Error).message}`);
      });
      return;
    }
    void provider.callback()(req, res);
  });

  async function interaction(
    oidc: Provider,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    submitted: boolean,
  ): Promise<void> {
    const details = await oidc.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!submitted || req.method !== 'POST') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return void res.end(loginPage(details.uid, null));
      }
      const form = await formBody(req);
      const account = accounts.find(
        (a) =>
          a.email === (form.get('login') ?? '').trim().toLowerCase() && a.password === form.get('password'),
      );
      if (!account) {
        res.statusCode = 401;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return void res.end(loginPage(details.uid, 'Wrong email or password.'));
      }
      return oidc.interactionFinished(
        req,
        res,
        { login: { accountId: account.subject } },
        { mergeWithLastSubmission: false },
      );
    }
    // Consent: granted at once for what the application asked.
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (typeof accountId !== 'string' || typeof clientId !== 'string') throw new Error('no session');
    const grant = details.grantId
      ? await oidc.Grant.find(details.grantId)
      : new oidc.Grant({ accountId, clientId });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = options.issuer ?? `http://${host}:${port}`;

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The e-mail claims in the ID token itself, as workforce providers (Entra ID, Okta, Google) put them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.find((a) => a.subject === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: `${account.givenName} ${account.familyName}`,
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
  };
  const oidc = new Provider(issuer, configuration);
  // The provider warns about its in-memory adapter and http issuer: it is a test provider by design.
  oidc.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => {
    console.error('test idp server_error', err);
  });
  oidc.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || !pendingMisbehaviour) return;
    const body = ctx.body as { id_token?: string } | undefined;
    if (!body?.id_token) return;
    const claims = { ...decodeJwt(body.id_token), ...pendingMisbehaviour };
    pendingMisbehaviour = null;
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  });
  provider = oidc;

  return {
    issuer,
    port,
    misbehaveOnce(claims) {
      pendingMisbehaviour = claims;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Issue 19: the SAML identity provider for tests. */
export {
  certificate,
  readAuthnRequest,
  startSamlTestIdp,
  type SamlResponseInput,
  type SamlTestIdp,
} from './saml.ts';
