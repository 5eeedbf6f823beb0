import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import {
  cursorPageSchema,
  defineRoute,
  errorBodySchema,
  INVALID_CURSOR_CODE,
  searchablePageQuery,
} from './route.ts';

/*
 * The contact service's routes: the contact and enterprise forms' one call (spec §7, "Public") and the
 * admin dashboard's list of messages.
 */

const { contact } = LIMITS;
const INVALID_EMAIL = 'Please enter a valid email address';

// ---- Shapes ------------------------------------------------------------------------------------------------

/** The spec's reply shape of `POST /api/contact`, for success. */
export const contactReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type ContactReply = z.output<typeof contactReplySchema>;

/** Every error of `POST /api/contact` carries `success: false` besides the error body. */
export const contactErrorReplySchema = errorBodySchema.extend({ success: z.literal(false) });
export type ContactErrorReply = z.output<typeof contactErrorReplySchema>;

export const contactMessageKindSchema = z.enum(['contact', 'enterprise']);

/** A stored contact message or enterprise inquiry. */
export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  kind: contactMessageKindSchema,
  /** The signed-in sender's user id, or null for a visitor. */
  userId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ContactMessage = z.output<typeof contactMessageSchema>;

// ---- Bodies and queries ------------------------------------------------------------------------------------

/** A trimmed string field; strings only, so operator objects never get through. */
function text(message: string): z.ZodString {
  return z.string({ error: message }).trim();
}

/**
 * The same minimums and messages as the form, so `validationErrors` items are `{ path: [field], message }`
 * the form shows under each field.
 */
export const contactBody = z.strictObject({
  name: text(`Name must be at least ${contact.name.min} characters`)
    .min(contact.name.min, `Name must be at least ${contact.name.min} characters`)
    .max(contact.name.max, `Name must be at most ${contact.name.max} characters`),
  email: text(INVALID_EMAIL).max(LIMITS.account.email.max, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
  subject: text(`Subject must be at least ${contact.subject.min} characters`)
    .min(contact.subject.min, `Subject must be at least ${contact.subject.min} characters`)
    .max(contact.subject.max, `Subject must be at most ${contact.subject.max} characters`),
  message: text(`Message must be at least ${contact.message.min} characters`)
    .min(contact.message.min, `Message must be at least ${contact.message.min} characters`)
    .max(contact.message.max, `Message must be at most ${contact.message.max} characters`),
});

// ---- Routes ------------------------------------------------------------------------------------------------

export const contactApi = {
  /** Anyone (visitors included) may write; every message is stored. Errors carry `success: false`. */
  send: defineRoute({
    method: 'POST',
    path: '/api/contact',
    body: contactBody,
    answer: contactReplySchema,
    errors: ['CONTACT.RATE_LIMITED'],
  }),
} as const;

export const contactInternalApi = {
  /** A page of messages, newest first (received, then id, both descending), searched by e-mail and subject. */
  listMessages: defineRoute({
    method: 'GET',
    path: '/internal/contact-messages',
    query: searchablePageQuery,
    answer: cursorPageSchema(contactMessageSchema),
    errors: [INVALID_CURSOR_CODE],
  }),
} as const;
