import { runServiceProcess, startService, type RunningService, type ServiceOverrides } from '@app/common';
import { createApp } from './app.ts';
import { readContactConfig, type ContactConfig } from './config.ts';
import { contactMessageModel } from './store/contact-message.model.ts';
import { createContactMessageRepository } from './store/contact-message.repository.ts';

export type ContactServiceOverrides = ServiceOverrides;
export type RunningContactService = RunningService;

/** The contact service (`startService` does the rest): its messages, their outbox relayed. */
export function startContactService(
  config: ContactConfig,
  overrides: ContactServiceOverrides = {},
): Promise<RunningContactService> {
  return startService({
    name: 'contact',
    config,
    overrides,
    models: (connection) => ({ ContactMessage: contactMessageModel(connection) }),
    async setup({ models, logger, nudge, relayOutbox, checks, secret }) {
      const messages = createContactMessageRepository(models.ContactMessage, { onEventsWritten: nudge });
      relayOutbox([models.ContactMessage]);
      const limits = {
        perClient: config.CONTACT_LIMIT_PER_CLIENT,
        windowMs: config.CONTACT_LIMIT_WINDOW_MINUTES * 60_000,
      };
      return { app: createApp({ messages, limits, secret, logger, checks }) };
    },
  });
}

if (import.meta.main)
  runServiceProcess({ name: 'contact', readConfig: readContactConfig, start: startContactService });
