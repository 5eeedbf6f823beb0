/** Texts of the password recovery pages; the spec leaves their contents open (§2). */
import { LIMITS } from '@app/contracts';
import { serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';
import { msg } from '../../i18n/i18n';

/** The same minimum as a password chosen on the account page (spec §9: at least 8). */
export const MIN_NEW_PASSWORD_LENGTH = LIMITS.account.newPassword.min;
export const PASSWORD_TOO_SHORT = msg('Password must be at least {min} characters');
export const PASSWORDS_DONT_MATCH = msg("Passwords don't match");
export const INVALID_RESET_LINK = msg('This reset link is invalid or has expired');
export const RESET_LINK_SENT = msg(
  'If an account exists for that address, a reset link is on its way. Check your inbox and spam folder.',
);

export function resetRequestFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Could not send the reset link'),
    description: serverMessageOf(error) ?? msg('Please try again later.'),
    duration: TOAST_SECONDS.long,
  };
}

export function resetFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Password reset failed'),
    description: serverMessageOf(error) ?? msg('Could not reset your password. Please try again.'),
    duration: TOAST_SECONDS.long,
  };
}

export const passwordResetToast: ToastOptions = {
  title: msg('Password reset'),
  description: msg('Your password has been updated. Please sign in with your new password.'),
};
