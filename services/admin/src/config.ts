import { baseConfigSchema, loadConfig } from '@app/common';
import { z } from 'zod';

const serviceUrl = (fallback: string) =>
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(fallback);

/** The admin service's environment (the only place that reads `process.env`). */
export const adminConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4005),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The services whose data the dashboard shows and changes (over their internal endpoints). */
  AUTH_URL: serviceUrl('http://127.0.0.1:4001'),
  VENTURE_URL: serviceUrl('http://127.0.0.1:4002'),
  ORGANIZATION_URL: serviceUrl('http://127.0.0.1:4003'),
  CONTACT_URL: serviceUrl('http://127.0.0.1:4004'),
});

export type AdminConfig = z.output<typeof adminConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readAdminConfig(env: NodeJS.ProcessEnv = process.env): AdminConfig {
  return loadConfig(adminConfigSchema, env);
}
