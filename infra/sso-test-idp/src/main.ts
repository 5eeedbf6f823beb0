import { startTestIdp } from './index.ts';

/*
 * The test provider as a process, for trying SSO locally (`docker compose --profile sso up`, or
 * `npm start -w infra/sso-test-idp`). One client, configured from the environment; the fixture accounts are
 * listed in infra/README.md ("Single sign-on").
 */
const env = process.env;
const port = Number(env.TEST_IDP_PORT ?? 4010);
const publicUrl = (env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const idp = await startTestIdp({
  port,
  host: env.TEST_IDP_HOST ?? '127.0.0.1',
  ...(env.TEST_IDP_ISSUER ? { issuer: env.TEST_IDP_ISSUER } : {}),
  clients: [
    {
      clientId: env.TEST_IDP_CLIENT_ID ?? 'venture-roadmap',
      clientSecret: env.TEST_IDP_CLIENT_SECRET ?? 'local-test-idp-client-secret',
      redirectUris: [`${publicUrl}/api/sso/callback`],
      postLogoutRedirectUris: [`${publicUrl}/auth`],
    },
  ],
});
console.log(`test OpenID provider: issuer ${idp.issuer} (fixture accounts: see infra/README.md)`);
const stop = () => void idp.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
