// The contact service's entry point for the all-in-one runner and tests.
export { createApp, type ContactAppDeps } from './app.ts';
export { contactConfigSchema, readContactConfig, type ContactConfig } from './config.ts';
export { startContactService, type ContactServiceOverrides, type RunningContactService } from './main.ts';
