import { z } from 'zod';

/*
 * The contact call's body (spec, validation): the same minimums and messages as the form, enforced here
 * too, so `validationErrors` items are `{ path: [field], message }` the form shows under each field.
 * Strings only: operator objects never get through; unknown keys are refused.
 */

function text(message: string): z.ZodString {
  return z.string({ error: message }).trim();
}

const INVALID_EMAIL = 'Please enter a valid email address';

export const contactBody = z.strictObject({
  name: text('Name must be at least 2 characters')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: text(INVALID_EMAIL).max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
  subject: text('Subject must be at least 5 characters')
    .min(5, 'Subject must be at least 5 characters')
    .max(200, 'Subject must be at most 200 characters'),
  message: text('Message must be at least 10 characters')
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
