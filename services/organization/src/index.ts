// The organization service's entry point for the all-in-one runner and tests.
export { createApp, type OrganizationAppDeps } from './app.ts';
export { organizationConfigSchema, readOrganizationConfig, type OrganizationConfig } from './config.ts';
export { startOrganizationService } from './main.ts';
export type {
  RunningService as RunningOrganizationService,
  ServiceOverrides as OrganizationServiceOverrides,
} from '@app/common';
