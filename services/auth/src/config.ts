import { baseConfigSchema, loadConfig } from '@app/common';
import { z } from 'zod';
import { DEFAULT_SCRYPT_PARAMS } from './domain/password-hash.ts';

const powerOfTwo = z.coerce
  .number()
  .int()
  .min(2 ** 10)
  .max(2 ** 20)
  .refine((n) => (n & (n - 1)) === 0, 'must be a power of two');

/** The auth service's environment (the only place that reads `process.env`). */
export const authConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65_535).default(4001),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The shared demo account behind the Demo Login button (seeded at start, its password published). */
    DEMO_USERNAME: z.email('must be an e-mail address').default('demo@ventureroadmap.app'),
    DEMO_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('demo-founder-2025'),
    /** With ADMIN_PASSWORD: an administrator account made at start (if missing). */
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /** How long a password-reset link works. */
    RESET_TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(60),
    /** scrypt cost for new password hashes; existing hashes are upgraded on the next login. */
    PASSWORD_SCRYPT_N: powerOfTwo.default(DEFAULT_SCRYPT_PARAMS.N),
    PASSWORD_SCRYPT_R: z.coerce.number().int().min(1).max(32).default(DEFAULT_SCRYPT_PARAMS.r),
    PASSWORD_SCRYPT_P: z.coerce.number().int().min(1).max(16).default(DEFAULT_SCRYPT_PARAMS.p),
  })
  .superRefine((config, ctx) => {
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
