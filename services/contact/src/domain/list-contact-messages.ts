import type { ContactContext, ContactMessagePage } from './contact-message.ts';

/** Newest first, for the admin dashboard. */
export function listContactMessages(
  ctx: ContactContext,
  page: { limit: number; offset: number },
): Promise<ContactMessagePage> {
  return ctx.messages.list(page);
}
