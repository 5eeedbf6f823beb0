// The admin service's entry point for the all-in-one runner and tests.
export { createApp, type AdminAppDeps } from './app.ts';
export { adminConfigSchema, readAdminConfig, type AdminConfig } from './config.ts';
export { ADMIN_ROUTES, type AdminRouteKey } from './routes/admin.routes.ts';
export { startAdminService } from './main.ts';
export type {
  RunningService as RunningAdminService,
  ServiceOverrides as AdminServiceOverrides,
} from '@app/common';
