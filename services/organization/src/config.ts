import { baseConfigSchema, loadConfig } from '@app/common';
import { z } from 'zod';

/** The organization service's environment (the only place that reads `process.env`). */
export const organizationConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4003),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The auth service: members are created and counted through its internal users endpoints. */
  AUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:4001'),
  /**
   * Issue 18: the venture service, asked for an organization's published template versions when a program
   * is created or changed with a template version (`GET /internal/organizations/:id/template-versions`).
   */
  VENTURE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('http://127.0.0.1:4002'),
});

export type OrganizationConfig = z.output<typeof organizationConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readOrganizationConfig(env: NodeJS.ProcessEnv = process.env): OrganizationConfig {
  return loadConfig(organizationConfigSchema, env);
}
