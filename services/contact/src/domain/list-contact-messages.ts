import type { CursorPage } from '@app/common';
import type { PageRequest } from '@app/contracts';
import type { ContactContext, ContactMessage } from './contact-message.ts';

/** A page of messages, newest first, searched by e-mail and subject (the admin dashboard's list, issue 18). */
export function listContactMessages(
  ctx: ContactContext,
  page: PageRequest,
): Promise<CursorPage<ContactMessage>> {
  return ctx.messages.listPage(page);
}
