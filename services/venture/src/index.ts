// The venture service's entry point for the all-in-one runner and tests.
export { createApp, type VentureAppDeps } from './app.ts';
export { readVentureConfig, ventureConfigSchema, type VentureConfig } from './config.ts';
export { startVentureService, type RunningVentureService, type VentureServiceOverrides } from './main.ts';
export { TASK_CATEGORIES, TASK_GUIDES, type TaskGuide } from './domain/task-guides.ts';
