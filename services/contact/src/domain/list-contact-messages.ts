import type { ContactContext, ContactMessage } from './contact-message.ts';

/** Newest first, for the admin dashboard. */
export function listContactMessages(
  ctx: ContactContext,
  page: { limit: number; offset: number },
): Promise<{ messages: ContactMessage[]; total: number }> {
  return ctx.messages.list(page);
}
