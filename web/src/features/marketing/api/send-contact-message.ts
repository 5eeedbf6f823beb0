import type { contactApi, ContactErrorReply, RouteAnswer, RouteBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ContactMessageInput = RouteBody<typeof contactApi.send>;

/**
 * The answer of POST /api/contact (spec §7 "Public"): the reply on success, or an error body with
 * `success: false` (its `validationErrors` only come with HTTP 400).
 */
export type ContactAnswer = RouteAnswer<typeof contactApi.send> | ContactErrorReply;

export function sendContactMessage(input: ContactMessageInput): Promise<ContactAnswer> {
  return api.post('/api/contact', input);
}

/** Sends a contact or enterprise message; the forms decide what each outcome shows. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
