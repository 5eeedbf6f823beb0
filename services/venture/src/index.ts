// The venture service's entry point for the all-in-one runner and tests.
export { createApp, type VentureAppDeps } from './app.ts';
export { readVentureConfig, ventureConfigSchema, type VentureConfig } from './config.ts';
export { startVentureService } from './main.ts';
export type {
  RunningService as RunningVentureService,
  ServiceOverrides as VentureServiceOverrides,
} from '@app/common';
export { TASK_CATEGORIES, TASK_GUIDES, type TaskGuide } from './content/task-guides.ts';
// The reminder scan's pieces, for its bench (infra/bench/src/reminders.bench.ts).
export { sendDueReminders, REMINDER_SCAN_BATCH, type ReminderTick } from './domain/send-due-reminders.ts';
export { nextReminderOn } from './domain/reminder-schedule.ts';
export { ventureModel, type VentureModel } from './store/venture.model.ts';
export { createVentureRepository } from './store/venture.repository.ts';
export type { VentureContext } from './domain/venture.ts';
