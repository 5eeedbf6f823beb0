// The auth service's entry point for the all-in-one runner and tests.
export { createApp, type AuthAppDeps } from './app.ts';
export { authConfigSchema, readAuthConfig, type AuthConfig } from './config.ts';
export { startAuthService } from './main.ts';
export type {
  RunningService as RunningAuthService,
  ServiceOverrides as AuthServiceOverrides,
} from '@app/common';
