// The mailer's entry point for the all-in-one runner and tests.
export { createApp, type MailerAppDeps } from './app.ts';
export {
  mailerConfigSchema,
  mailerShutdownTimeoutMs,
  readMailerConfig,
  type MailerConfig,
} from './config.ts';
export { startMailerService, type RunningMailerService } from './main.ts';
export type { ServiceOverrides as MailerServiceOverrides } from '@app/common';
