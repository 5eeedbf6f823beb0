// The contact service's entry point for the all-in-one runner and tests.
export { createApp, type ContactAppDeps } from './app.ts';
export { contactConfigSchema, readContactConfig, type ContactConfig } from './config.ts';
export { startContactService } from './main.ts';
export type {
  RunningService as RunningContactService,
  ServiceOverrides as ContactServiceOverrides,
} from '@app/common';
