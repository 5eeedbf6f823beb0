import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ContactMessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The answer of POST /api/contact (spec §7 "Public"); `validationErrors` only comes with HTTP 400. */
export interface ContactAnswer {
  success: boolean;
  message: string;
  validationErrors?: { path: (string | number)[]; message: string }[];
}

export function sendContactMessage(input: ContactMessageInput): Promise<ContactAnswer> {
  return api.post<ContactAnswer>('/api/contact', input);
}

/** Sends a contact or enterprise message; the forms decide what each outcome shows. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
