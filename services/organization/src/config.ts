import { baseConfigSchema, isPlaceholderSecret, loadConfig, secretList } from '@app/common';
import { z } from 'zod';

/** The key every local run seals SSO secrets with when SSO_ENCRYPTION_KEY is unset (refused in production). */
export const DEV_SSO_ENCRYPTION_KEY = 'venture-roadmap-dev-only-sso-encryption-key-do-not-use';

/** The organization service's environment (the only place that reads `process.env`). */
export const organizationConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65_535).default(4003),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The auth service: members are created and counted through its internal users endpoints. */
    AUTH_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:4001'),
    /**
     * Issue 18: the venture service, asked for an organization's published template versions when a program
     * is created or changed with a template version (`GET /internal/organizations/:id/template-versions`).
     */
    VENTURE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:4002'),
    /**
     * Issue 19: seals the organizations' SSO client secrets at rest (AES-256-GCM). At least 32 characters;
     * production refuses the development default and placeholders. Rotation: put the old key in
     * SSO_ENCRYPTION_KEYS_PREVIOUS and a new one here; at start the service re-seals every secret under it.
     */
    SSO_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').default(DEV_SSO_ENCRYPTION_KEY),
    SSO_ENCRYPTION_KEYS_PREVIOUS: secretList(),
    /** Lets "Test connection" and sign-in reach plain-http issuers (a local test provider). Refused in production. */
    SSO_ALLOW_HTTP_ISSUERS: z
      .enum(['true', 'false'], 'must be true or false')
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (
      config.SSO_ENCRYPTION_KEY === DEV_SSO_ENCRYPTION_KEY ||
      isPlaceholderSecret(config.SSO_ENCRYPTION_KEY)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['SSO_ENCRYPTION_KEY'],
        message: 'required in production (the development default and placeholder keys are refused)',
      });
    if (config.SSO_ALLOW_HTTP_ISSUERS)
      ctx.addIssue({ code: 'custom', path: ['SSO_ALLOW_HTTP_ISSUERS'], message: 'is refused in production' });
  });

export type OrganizationConfig = z.output<typeof organizationConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readOrganizationConfig(env: NodeJS.ProcessEnv = process.env): OrganizationConfig {
  return loadConfig(organizationConfigSchema, env);
}
