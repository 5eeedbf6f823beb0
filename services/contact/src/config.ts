import { baseConfigSchema, loadConfig } from '@app/common';
import { z } from 'zod';

/** The contact service's environment (the only place that reads `process.env`). */
export const contactConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4004),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Messages accepted per client address in the window; more get 429 (invalid submissions do not count). */
  CONTACT_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(10),
  CONTACT_LIMIT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
});

export type ContactConfig = z.output<typeof contactConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readContactConfig(env: NodeJS.ProcessEnv = process.env): ContactConfig {
  return loadConfig(contactConfigSchema, env);
}
