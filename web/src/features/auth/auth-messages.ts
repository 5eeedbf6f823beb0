/**
 * Toast texts of the session flows, word for word from the spec's error catalogue (§8)
 * and validation rules (§5).
 */
import { isApiError, serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

export const FORGOT_PASSWORD_HINT =
  'If you\'ve forgotten your password, use the "Forgot your password?" link.';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

export function loginFailedToast(error: unknown): ToastOptions {
  // Issue 19: an organization that enforces SSO: the way in is "Continue with SSO", not a password reset.
  if (isApiError(error) && (error.body as { code?: unknown } | null)?.code === 'AUTH.SSO_REQUIRED')
    return { title: 'Login failed', description: serverMessageOf(error) ?? '', duration: TOAST_SECONDS.long };
  return {
    title: 'Login failed',
    description: [
      serverMessageOf(error) ?? 'Invalid email or password. Please try again.',
      FORGOT_PASSWORD_HINT,
    ],
    duration: TOAST_SECONDS.long,
  };
}

export function loginSucceededToast(username: string): ToastOptions {
  return { title: 'Login successful', description: `Welcome back, ${username}!` };
}

export function demoLoginFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Demo login failed',
    description:
      serverMessageOf(error) ?? 'The demo account is not available right now. Please try again later.',
    duration: TOAST_SECONDS.long,
  };
}

export function registrationFailedToast(error: unknown): ToastOptions {
  const description = messageOf(error).includes('Username already exists')
    ? 'This email address is already registered. Please try signing in instead.'
    : (serverMessageOf(error) ?? 'Could not create your account. Please try again.');
  return { title: 'Registration failed', description, duration: TOAST_SECONDS.long };
}

export function registrationSucceededToast(username: string): ToastOptions {
  return { title: 'Registration successful', description: `Welcome, ${username}!` };
}

export const passwordsDontMatchToast: ToastOptions = {
  title: "Passwords don't match",
  description: 'Please make sure both passwords match',
};

export function logoutFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Logout failed',
    description: serverMessageOf(error) ?? 'Could not log you out. Please try again.',
    duration: TOAST_SECONDS.short,
  };
}

export const loggedOutToast: ToastOptions = {
  title: 'Logged out',
  description: 'You have been logged out successfully.',
};
