// The platform's deployables and the configuration each one requires, read from their own config
// schemas: adding a required variable to a schema makes the compose and Kubernetes checks demand it.
import { ConfigError, parseConfig } from '@app/common';
import { gatewayConfigSchema } from '@app/gateway';
import { PLATFORM_SERVICES } from '@app/runner';
import type { z } from 'zod';

export interface Deployable {
  /** The workspace folder: the Dockerfile's APP, the compose build arg. */
  app: string;
  schema: z.ZodType;
  /** Answers HTTP other than its probes and metrics (the mailer does not). */
  api: boolean;
}

/** The gateway and every service of the platform (the runner's list, infra/runner/src/services.ts). */
export const DEPLOYABLES: Record<string, Deployable> = {
  gateway: { app: 'gateway', schema: gatewayConfigSchema, api: true },
  ...Object.fromEntries(
    await Promise.all(
      PLATFORM_SERVICES.map(async (service) => [
        service.name,
        {
          app: service.dir,
          schema: (await service.load()).schema as z.ZodType,
          api: Boolean(service.urlVar),
        },
      ]),
    ),
  ),
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
