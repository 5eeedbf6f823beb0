import { defineService, unsubscribeKey, type Logger } from '@app/common';
import { createApp } from './app.ts';
import { createVentureDataSource } from './clients/venture-data.ts';
import { readAuthConfig, type AuthConfig } from './config.ts';
import { createPasswordHasher } from './domain/password-hash.ts';
import { seedAccount, seedDemoCoFounder, type SeedAccount } from './domain/seed-accounts.ts';
import type { AuthContext } from './domain/user.ts';
import { createRelyingParty } from './clients/oidc-relying-party.ts';
import { createSsoDirectory } from './clients/sso-directory.ts';
import { createSamlServiceProvider } from './clients/saml-service-provider.ts';
import { samlAssertionModel, ssoFlowModel } from './store/sso-flow.model.ts';
import { createSamlAssertionRepository, createSsoFlowRepository } from './store/sso-flow.repository.ts';
import { userModel } from './store/user.model.ts';
import { createUserRepository } from './store/user.repository.ts';

/**
 * The auth service: warms the password hasher, seeds the demo (and optional admin) account, relays its
 * outbox. `startService` (@app/common) does the rest.
 */
const auth = defineService({
  name: 'auth',
  readConfig: readAuthConfig,
  models: (connection) => ({
    User: userModel(connection),
    SsoFlow: ssoFlowModel(connection),
    SamlAssertion: samlAssertionModel(connection),
  }),
  async setup({ config, models, logger, nudge, relayOutbox, checks, secret, internalClient, serviceUrls }) {
    const users = createUserRepository(models.User, { onEventsWritten: nudge });
    const hasher = createPasswordHasher({
      memoryKiB: config.PASSWORD_ARGON2_MEMORY_KIB,
      passes: config.PASSWORD_ARGON2_PASSES,
      parallelism: config.PASSWORD_ARGON2_PARALLELISM,
    });
    // Makes the dummy hash now, so the first login with an unknown address costs no more than any other.
    await hasher.verifyDummy('warm-up');
    const settings = {
      publicUrl: config.PUBLIC_URL,
      resetTokenTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
      demoUsername: config.DEMO_USERNAME.trim().toLowerCase(),
      demoCoFounderUsername: config.DEMO_COFOUNDER_USERNAME.trim().toLowerCase(),
      unsubscribeKey: unsubscribeKey(config),
    };
    await seedAccounts({ users, hasher, settings, clock: () => new Date() }, config, logger);
    relayOutbox([models.User]);
    // The venture service starts after this one under `npm start`: its address is read at call time.
    const upstreams = {
      get venture(): string {
        return config.VENTURE_URL ?? serviceUrls.venture ?? '';
      },
      get organization(): string {
        return config.ORGANIZATION_URL ?? serviceUrls.organization ?? '';
      },
    };
    const ventures = createVentureDataSource(internalClient(upstreams, { timeoutMs: 10_000 }));
    // Issue 19: every password sign-in asks for its domain's connection: a hung organization service must
    // not hold sign-in for long (the check then lets the password decide).
    const sso = {
      directory: createSsoDirectory(internalClient(upstreams, { timeoutMs: 3000 })),
      flows: createSsoFlowRepository(models.SsoFlow),
      rp: createRelyingParty({ allowHttpIssuers: config.SSO_ALLOW_HTTP_ISSUERS }),
      saml: createSamlServiceProvider(),
      assertions: createSamlAssertionRepository(models.SamlAssertion),
      flowTtlMs: config.SSO_FLOW_TTL_MINUTES * 60_000,
    };
    return { app: createApp({ users, hasher, settings, ventures, sso, secret, logger, checks }) };
  },
});

async function seedAccounts(ctx: AuthContext, config: AuthConfig, logger: Logger): Promise<void> {
  const accounts: SeedAccount[] = [
    { username: config.DEMO_USERNAME, password: config.DEMO_PASSWORD, isAdmin: false },
  ];
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    accounts.push({ username: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, isAdmin: true });
  }
  for (const account of accounts) {
    const outcome = await seedAccount(ctx, { correlationId: 'auth-seed' }, account);
    logger.info({ username: account.username, isAdmin: account.isAdmin, outcome }, 'seed account');
  }
  const coFounder = await seedDemoCoFounder(
    ctx,
    { correlationId: 'auth-seed' },
    config.DEMO_COFOUNDER_USERNAME,
  );
  logger.info({ username: config.DEMO_COFOUNDER_USERNAME, outcome: coFounder }, 'seed demo co-founder');
}

export const startAuthService = auth.start;
if (import.meta.main) auth.run();
