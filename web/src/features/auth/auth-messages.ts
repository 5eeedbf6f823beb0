/**
 * Toast texts of the session flows, word for word from the spec's error catalogue (§8)
 * and validation rules (§5).
 */
import { msg, translate } from '../../i18n/i18n';
import { isApiError, serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

export const FORGOT_PASSWORD_HINT = msg(
  'If you\'ve forgotten your password, use the "Forgot your password?" link.',
);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

export function loginFailedToast(error: unknown): ToastOptions {
  // Issue 19: an organization that enforces SSO: the way in is "Continue with SSO", not a password reset.
  if (isApiError(error) && (error.body as { code?: unknown } | null)?.code === 'AUTH.SSO_REQUIRED')
    return {
      title: msg('Login failed'),
      description: serverMessageOf(error) ?? '',
      duration: TOAST_SECONDS.long,
    };
  return {
    title: msg('Login failed'),
    description: [
      serverMessageOf(error) ?? msg('Invalid email or password. Please try again.'),
      FORGOT_PASSWORD_HINT,
    ],
    duration: TOAST_SECONDS.long,
  };
}

export function loginSucceededToast(username: string): ToastOptions {
  return {
    title: msg('Login successful'),
    description: translate('Welcome back, {username}!', { username }),
  };
}

export function demoLoginFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Demo login failed'),
    description:
      serverMessageOf(error) ?? msg('The demo account is not available right now. Please try again later.'),
    duration: TOAST_SECONDS.long,
  };
}

export function registrationFailedToast(error: unknown): ToastOptions {
  const description = messageOf(error).includes('Username already exists')
    ? msg('This email address is already registered. Please try signing in instead.')
    : (serverMessageOf(error) ?? msg('Could not create your account. Please try again.'));
  return { title: msg('Registration failed'), description, duration: TOAST_SECONDS.long };
}

export function registrationSucceededToast(username: string): ToastOptions {
  return {
    title: msg('Registration successful'),
    description: translate('Welcome, {username}!', { username }),
  };
}

export const passwordsDontMatchToast: ToastOptions = {
  title: msg("Passwords don't match"),
  description: msg('Please make sure both passwords match'),
};

export function logoutFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Logout failed'),
    description: serverMessageOf(error) ?? msg('Could not log you out. Please try again.'),
    duration: TOAST_SECONDS.short,
  };
}

export const loggedOutToast: ToastOptions = {
  title: msg('Logged out'),
  description: msg('You have been logged out successfully.'),
};
