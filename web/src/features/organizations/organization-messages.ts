/**
 * Texts of the organization registration page, word for word from the spec (§4 "Organization page",
 * §5 "Organization registration", §8 error catalogue).
 */
import { LIMITS } from '@app/contracts';
import { msg, translate } from '../../i18n/i18n';
import { NETWORK_ERROR_STATUS, isApiError, serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

// Texts as messages: shown with `t(…)` (the toasts translate theirs when shown).
export const ORGANIZATION_NOT_FOUND = msg('Organization not found');
export const ORGANIZATION_LOAD_FAILED = msg('Failed to load organization details');
export const ORGANIZATION_LOAD_ERROR = msg('An error occurred while loading organization details');
/** The error card's text when there is no message at all. */
export const ORGANIZATION_FALLBACK = msg('Organization not found or inactive');

export const INVALID_EMAIL = msg('Please enter a valid email address');
export const MIN_PASSWORD_LENGTH = LIMITS.account.signUpPassword.min;

/** 'Password must be at least 6 characters', in the active language. */
export function shortPasswordMessage(): string {
  return translate('Password must be at least {min} characters', { min: MIN_PASSWORD_LENGTH });
}

/**
 * The error card's message for a failed lookup: 404 → not found; another HTTP failure → failed to load;
 * no answer at all (network, thrown error) → an error occurred.
 */
export function organizationLookupMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 404) return ORGANIZATION_NOT_FOUND;
    if (error.status !== NETWORK_ERROR_STATUS) return ORGANIZATION_LOAD_FAILED;
  }
  return error ? ORGANIZATION_LOAD_ERROR : ORGANIZATION_FALLBACK;
}

export function organizationRegistrationFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Registration failed'),
    description: serverMessageOf(error) ?? msg('Registration failed'),
    duration: TOAST_SECONDS.long,
  };
}

export const organizationRegistrationSucceededToast: ToastOptions = {
  title: msg('Registration successful'),
  description: msg('You have been registered and logged in.'),
};
