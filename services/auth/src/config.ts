import { baseConfigSchema, loadConfig } from '@app/common';
import { z } from 'zod';
import { DEFAULT_ARGON2_PARAMS } from './domain/password-hash.ts';

/** The auth service's environment (the only place that reads `process.env`). */
export const authConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65_535).default(4001),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The shared demo account behind the Demo Login button (seeded at start, its password published). */
    DEMO_USERNAME: z.email('must be an e-mail address').default('demo@ventureroadmap.app'),
    DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('demo-founder-2025'),
    /**
     * The co-founder seeded beside the demo account (a member of its sample venture). Nobody signs in as it
     * (its password is random) and the mailer never sends its e-mails.
     */
    DEMO_COFOUNDER_USERNAME: z
      .email('must be an e-mail address')
      .default('cofounder.demo@ventureroadmap.app'),
    /** With ADMIN_PASSWORD: an administrator account made at start (if missing). */
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /**
     * Verifies one-click unsubscribe links (≥ 32 characters; the mailer must sign with the same). Unset:
     * derived from INTERNAL_SECRET, which every service already shares.
     */
    UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Issue 17: where the venture service listens (the account export asks it for the user's ventures).
     * Unset under `npm start` and the test platform, which give the address they started it on.
     */
    VENTURE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /**
     * Issue 19: where the organization service listens (SSO connections). Unset under `npm start` and the
     * test platform, which give the address they started it on.
     */
    ORGANIZATION_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Issue 19: lets SSO reach plain-http issuers (a local test provider). Refused in production. */
    SSO_ALLOW_HTTP_ISSUERS: z
      .enum(['true', 'false'], 'must be true or false')
      .default('false')
      .transform((value) => value === 'true'),
    /** Issue 19: how long an SSO sign-in may take between "Continue with SSO" and the provider's answer. */
    SSO_FLOW_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
    /** How long a password-reset link works. */
    RESET_TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(60),
    /**
     * argon2id cost of new password hashes (memory in KiB, passes, lanes); existing hashes, scrypt ones
     * included, are upgraded on the next login.
     */
    PASSWORD_ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(64)
      .max(1024 * 1024)
      .default(DEFAULT_ARGON2_PARAMS.memoryKiB),
    PASSWORD_ARGON2_PASSES: z.coerce.number().int().min(1).max(10).default(DEFAULT_ARGON2_PARAMS.passes),
    PASSWORD_ARGON2_PARALLELISM: z.coerce
      .number()
      .int()
      .min(1)
      .max(16)
      .default(DEFAULT_ARGON2_PARAMS.parallelism),
  })
  .superRefine((config, ctx) => {
    if (config.PASSWORD_ARGON2_MEMORY_KIB < 8 * config.PASSWORD_ARGON2_PARALLELISM) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_ARGON2_MEMORY_KIB'],
        message: 'must be at least 8 KiB per lane (PASSWORD_ARGON2_PARALLELISM)',
      });
    }
    if (config.NODE_ENV === 'production' && config.SSO_ALLOW_HTTP_ISSUERS) {
      ctx.addIssue({ code: 'custom', path: ['SSO_ALLOW_HTTP_ISSUERS'], message: 'is refused in production' });
    }
    if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
      const missing = config.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'required when the other ADMIN_* variable is set',
      });
    }
  });

export type AuthConfig = z.output<typeof authConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return loadConfig(authConfigSchema, env);
}
