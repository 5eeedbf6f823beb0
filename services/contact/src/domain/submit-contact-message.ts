import { createEvent } from '@app/common';
import { ENTERPRISE_SUBJECT_PREFIX, type contactApi, type Language, type RouteInput } from '@app/contracts';
import type { ContactContext, ContactMessage } from './contact-message.ts';

/** The validated body of `POST /api/contact` (trimmed). */
export type ContactInput = RouteInput<typeof contactApi.send>;

export interface Caller {
  userId: string | null;
  clientIp: string | null;
  correlationId: string;
  /** Issue 21: the language the sender reads (their request's), for the acknowledgement e-mail. */
  language?: Language;
}

/**
 * Stores a contact message (or enterprise inquiry) and, in the same write, the `contact.received` event
 * the mailer turns into the team notice and the sender's acknowledgement.
 */
export async function submitContactMessage(
  ctx: ContactContext,
  caller: Caller,
  input: ContactInput,
): Promise<ContactMessage> {
  const kind = input.subject.startsWith(ENTERPRISE_SUBJECT_PREFIX) ? 'enterprise' : 'contact';
  const createdAt = ctx.clock();
  return ctx.messages.create(
    { ...input, kind, userId: caller.userId, clientIp: caller.clientIp, createdAt },
    (id) =>
      createEvent(
        'contact.received',
        {
          messageId: id,
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          kind,
          ...(caller.language ? { language: caller.language } : {}),
        },
        { producer: 'contact', correlationId: caller.correlationId, occurredAt: createdAt },
      ),
  );
}
