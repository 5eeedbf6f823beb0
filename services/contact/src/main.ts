import { defineService } from '@app/common';
import { createApp } from './app.ts';
import { readContactConfig } from './config.ts';
import { contactMessageModel } from './store/contact-message.model.ts';
import { createContactMessageRepository } from './store/contact-message.repository.ts';

/** The contact service: its messages, their events relayed from the outbox. */
const contact = defineService({
  name: 'contact',
  readConfig: readContactConfig,
  models: (connection) => ({ ContactMessage: contactMessageModel(connection) }),
  async setup({ config, models, nudge, relayOutbox, ...deps }) {
    const messages = createContactMessageRepository(models.ContactMessage, { onEventsWritten: nudge });
    relayOutbox([models.ContactMessage]);
    const windowMs = config.CONTACT_LIMIT_WINDOW_MINUTES * 60_000;
    const limits = { perClient: config.CONTACT_LIMIT_PER_CLIENT, windowMs };
    return {
      app: createApp({ messages, limits, secret: deps.secret, logger: deps.logger, checks: deps.checks }),
    };
  },
});

export const startContactService = contact.start;
if (import.meta.main) contact.run();
