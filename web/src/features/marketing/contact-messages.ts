/**
 * Rules, messages and toasts of the contact and enterprise forms, word for word from the spec
 * (§5 "Validation rules", §7 "Public", §8 "The error catalogue").
 */
import { ENTERPRISE_SUBJECT_PREFIX, LIMITS } from '@app/contracts';
import { isApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';
import type { ContactErrorReply } from '@app/contracts';
import type { ContactMessageInput } from './api/send-contact-message';
import { msg, translate } from '../../i18n/i18n';
import { isValidEmail } from '../../components/plain-form/checks';

const { contact } = LIMITS;

/** A rule whose message reads in the language active when it is shown (issue 21). */
function rule(text: () => string): { readonly message: string };
function rule(min: number, text: () => string): { readonly min: number; readonly message: string };
function rule(first: number | (() => string), second?: () => string) {
  const text = typeof first === 'function' ? first : second!;
  return {
    ...(typeof first === 'number' ? { min: first } : {}),
    get message() {
      return text();
    },
  };
}

/** The contact service's minimums (the same messages as its validation errors). */
export const contactRules = {
  name: rule(contact.name.min, () =>
    translate('Name must be at least {min} characters', { min: contact.name.min }),
  ),
  email: rule(() => translate('Please enter a valid email address')),
  subject: rule(contact.subject.min, () =>
    translate('Subject must be at least {min} characters', { min: contact.subject.min }),
  ),
  message: rule(contact.message.min, () =>
    translate('Message must be at least {min} characters', { min: contact.message.min }),
  ),
};

/** The inquiry's organization and role are the web form's own fields: they go into the message's text. */
export const enterpriseRules = {
  name: rule(contact.name.min, () =>
    translate('Name must be at least {min} characters.', { min: contact.name.min }),
  ),
  email: rule(() => translate('Please enter a valid email address.')),
  organization: rule(2, () => translate('Organization name must be at least {min} characters.', { min: 2 })),
  role: rule(2, () => translate('Role must be at least {min} characters.', { min: 2 })),
};

/** Counted on the trimmed text, so spaces alone never pass a minimum. */
export function hasMinLength(value: unknown, min: number): boolean {
  return typeof value === 'string' && value.trim().length >= min;
}

/** A rule's text, read when the check runs, so it is in the language active then. */
interface RuleText {
  readonly message: string;
}

/** A field check: at least `min` characters (trimmed), else the rule's message. */
export function minLengthRule(rule: RuleText & { min: number }) {
  return (value: string): string | null => (hasMinLength(value, rule.min) ? null : rule.message);
}

/** A field check: a valid e-mail address, else the rule's message. */
export function emailRule(rule: RuleText) {
  return (value: string): string | null => (isValidEmail(value) ? null : rule.message);
}

export const NO_ADDITIONAL_MESSAGE = 'No additional message provided.';

export interface EnterpriseInquiry {
  name: string;
  email: string;
  organization: string;
  role: string;
  message?: string;
}

/** The enterprise form goes out as a contact message (spec §7 "Public"). */
export function composeEnterpriseInquiry(inquiry: EnterpriseInquiry): ContactMessageInput {
  const organization = inquiry.organization.trim();
  const extra = inquiry.message?.trim() ?? '';
  return {
    name: inquiry.name.trim(),
    email: inquiry.email.trim(),
    // The contact service recognises inquiries by this prefix.
    subject: `${ENTERPRISE_SUBJECT_PREFIX}${organization}`,
    message: [
      `Organization: ${organization}`,
      `Role: ${inquiry.role.trim()}`,
      '',
      extra === '' ? NO_ADDITIONAL_MESSAGE : extra,
    ].join('\n'),
  };
}

export type FieldErrors = Record<string, string[]>;

/**
 * The server's validation errors grouped by field (the first element of each path). Null when the
 * failure carries none, e.g. a failure other than HTTP 400.
 */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const body = error.body as Partial<ContactErrorReply> | undefined;
  if (!body || typeof body !== 'object' || !Array.isArray(body.validationErrors)) return null;
  const errors: FieldErrors = {};
  for (const item of body.validationErrors) {
    const field = Array.isArray(item?.path) ? item.path[0] : undefined;
    if (field === undefined || typeof item.message !== 'string') continue;
    (errors[String(field)] ??= []).push(item.message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A reply that arrived: a non-OK status, or OK but `success: false`. */
function isAnsweredFailure(error: unknown): boolean {
  return isApiError(error) && error.status !== NETWORK_ERROR_STATUS;
}

export const UNEXPECTED_ERROR = msg('An unexpected error occurred. Please try again later.');

/** Raised when the server answers OK but says `success: false`. */
export class UnsuccessfulAnswerError extends Error {
  override readonly name = 'UnsuccessfulAnswerError';
  readonly serverMessage: string | undefined;
  constructor(serverMessage: string | undefined) {
    super(serverMessage ?? 'The request was not successful');
    this.serverMessage = serverMessage;
  }
}

/** Checks an OK answer as it arrived (the contract says `success: true`; anything else is a failure). */
export function assertSuccessful(answer: { success?: unknown; message?: unknown } | undefined): void {
  if (answer?.success !== true) {
    const message = typeof answer?.message === 'string' && answer.message !== '' ? answer.message : undefined;
    throw new UnsuccessfulAnswerError(message);
  }
}

function failureToast(error: unknown, fallback: string): ToastOptions {
  let description = UNEXPECTED_ERROR;
  if (error instanceof UnsuccessfulAnswerError) description = error.serverMessage ?? fallback;
  else if (isAnsweredFailure(error) && isApiError(error)) description = error.serverMessage ?? fallback;
  return { title: msg('Error'), description, duration: TOAST_SECONDS.long };
}

export const contactSentToast: ToastOptions = {
  title: msg('Message sent!'),
  description: msg("We'll get back to you as soon as possible."),
};

export function contactFailedToast(error: unknown): ToastOptions {
  return failureToast(error, msg('Failed to send message. Please try again later.'));
}

export const enterpriseSubmittedToast: ToastOptions = {
  title: msg('Request submitted!'),
  description: msg('Our team will contact you shortly to discuss enterprise options.'),
};

export function enterpriseFailedToast(error: unknown): ToastOptions {
  return failureToast(error, msg('Failed to submit request. Please try again later.'));
}
