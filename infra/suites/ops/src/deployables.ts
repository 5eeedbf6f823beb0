// The platform's deployables and the configuration each one requires, read from their own config
// schemas: adding a required variable to a schema makes the compose and Kubernetes checks demand it.
import { ConfigError, parseConfig } from '@app/common';
import { adminConfigSchema } from '@app/admin';
import { authConfigSchema } from '@app/auth';
import { contactConfigSchema } from '@app/contact';
import { gatewayConfigSchema } from '@app/gateway';
import { mailerConfigSchema } from '@app/mailer';
import { organizationConfigSchema } from '@app/organization';
import { ventureConfigSchema } from '@app/venture';
import type { z } from 'zod';

export interface Deployable {
  /** The workspace folder: the Dockerfile's APP, the compose build arg. */
  app: string;
  schema: z.ZodType;
  /** Answers HTTP other than its probes and metrics (the mailer does not). */
  api: boolean;
}

export const DEPLOYABLES: Record<string, Deployable> = {
  gateway: { app: 'gateway', schema: gatewayConfigSchema, api: true },
  auth: { app: 'services/auth', schema: authConfigSchema, api: true },
  venture: { app: 'services/venture', schema: ventureConfigSchema, api: true },
  organization: { app: 'services/organization', schema: organizationConfigSchema, api: true },
  contact: { app: 'services/contact', schema: contactConfigSchema, api: true },
  admin: { app: 'services/admin', schema: adminConfigSchema, api: true },
  mailer: { app: 'services/mailer', schema: mailerConfigSchema, api: false },
};

/** The problems a configuration has, by variable (empty when it is valid). */
export function configProblems(
  schema: z.ZodType,
  env: Record<string, string | undefined>,
): Record<string, string[]> {
  try {
    parseConfig(schema, env);
    return {};
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

/**
 * The variables a deployable cannot start without in production: those its schema reports as missing or
 * refused when nothing but NODE_ENV=production is set.
 */
export function requiredInProduction(schema: z.ZodType): string[] {
  return Object.keys(configProblems(schema, { NODE_ENV: 'production' })).sort();
}
