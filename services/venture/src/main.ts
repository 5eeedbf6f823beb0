import {
  createInternalClient,
  runServiceProcess,
  startService,
  type RunningService,
  type ServiceOverrides,
} from '@app/common';
import { createApp } from './app.ts';
import { createAuthOwnerDirectory } from './clients/auth-owner-directory.ts';
import { readVentureConfig, type VentureConfig } from './config.ts';
import { subscribeUserDeleted } from './consumers/user-deleted.consumer.ts';
import { seedTaskTemplates } from './domain/seed-task-templates.ts';
import type { VentureContext } from './domain/venture.ts';
import { serviceMarkModel, taskTemplateModel } from './store/task-template.model.ts';
import { createTaskTemplateRepository } from './store/task-template.repository.ts';
import { ventureModel } from './store/venture.model.ts';
import { createVentureRepository } from './store/venture.repository.ts';

export type VentureServiceOverrides = ServiceOverrides;
export type RunningVentureService = RunningService;

/**
 * The venture service (`startService` does the rest): seeds the master task templates (once per database),
 * relays its outbox, consumes `user.deleted`; task changes ride out a broker outage.
 */
export function startVentureService(
  config: VentureConfig,
  overrides: VentureServiceOverrides = {},
): Promise<RunningVentureService> {
  return startService({
    name: 'venture',
    config,
    overrides,
    models: (connection) => ({
      Venture: ventureModel(connection),
      TaskTemplate: taskTemplateModel(connection),
      ServiceMark: serviceMarkModel(connection),
    }),
    async setup({ models, logger, nudge, relayOutbox, bus, checks, busReady, secret }) {
      const ctx: VentureContext = {
        ventures: createVentureRepository(models.Venture, { onEventsWritten: nudge }),
        templates: createTaskTemplateRepository(models.TaskTemplate, models.ServiceMark),
        owners: createAuthOwnerDirectory(
          createInternalClient({
            caller: 'venture',
            secret: config.INTERNAL_SECRET,
            baseUrls: { auth: config.AUTH_URL },
            // A task change waits for this lookup: a hung auth service must not hold it for long.
            timeoutMs: 3000,
          }),
        ),
        clock: () => new Date(),
      };
      const seeded = await seedTaskTemplates(ctx);
      if (seeded > 0) logger.info({ seeded }, 'standard task templates seeded');
      relayOutbox([models.Venture]);
      await subscribeUserDeleted(bus(), ctx, logger);
      // Task changes keep succeeding while the broker is away (their events wait in the outbox).
      return { app: createApp({ ...ctx, secret, logger, checks, rideOutChecks: { bus: busReady } }) };
    },
  });
}

if (import.meta.main)
  runServiceProcess({ name: 'venture', readConfig: readVentureConfig, start: startVentureService });
