// The venture service's entry point for the all-in-one runner and tests.
export { createApp, type VentureAppDeps } from './app.ts';
export { readVentureConfig, ventureConfigSchema, type VentureConfig } from './config.ts';
export { startVentureService } from './main.ts';
export type {
  RunningService as RunningVentureService,
  ServiceOverrides as VentureServiceOverrides,
} from '@app/common';
export { TASK_CATEGORIES, TASK_GUIDES, type TaskGuide } from './content/task-guides.ts';
