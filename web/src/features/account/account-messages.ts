/**
 * The account page's rules and texts: word for word from the spec's validation rules (§5) and error
 * catalogue (§8) where it quotes them; the profile limits follow the auth service's own rules
 * (services/auth/src/routes/schemas.ts), so the form refuses what the server would refuse.
 */
import { LIMITS, type ProfileField } from '@app/contracts';
import type { FieldProblem } from '../../components/use-field-problems';
import type { SessionUser } from '../../entities/session-user/get-session-user';
import { msg, translate } from '../../i18n/i18n';
import { failureText } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

// ---------------------------------------------------------------------------------------------------------
// Profile

export const profileLabels: Record<ProfileField, string> = {
  firstName: msg('First name'),
  lastName: msg('Last name'),
  jobTitle: msg('Job title'),
  department: msg('Department'),
  phoneNumber: msg('Phone number'),
};

export const invalidPhoneMessage = msg('Please enter a valid phone number');

export type ProfileFormValues = Partial<Record<ProfileField, string | null>>;

/** The message for one profile field's value, or null when it is fine (empty clears the field). */
export function profileFieldError(field: ProfileField, value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (field === 'phoneNumber') {
    // Digits, spaces and + ( ) . - only, at least a few of them digits (the server's rule).
    const { pattern, minDigits } = LIMITS.account.phoneNumber;
    const digits = text.replace(/\D/g, '').length;
    return pattern.test(text) && digits >= minDigits ? null : invalidPhoneMessage;
  }
  const max = LIMITS.account.profileText.max;
  return text.length > max
    ? translate('{field} must be at most {max} characters', { field: translate(profileLabels[field]), max })
    : null;
}

/** What PATCH /api/user/profile gets: every field, trimmed, an empty one as null (which clears it). */
export function profileChangesOf(values: ProfileFormValues): Record<ProfileField, string | null> {
  const field = (name: ProfileField) => {
    const text = (values[name] ?? '').trim();
    return text === '' ? null : text;
  };
  return {
    firstName: field('firstName'),
    lastName: field('lastName'),
    jobTitle: field('jobTitle'),
    department: field('department'),
    phoneNumber: field('phoneNumber'),
  };
}

/** The form's starting values: the user's current profile, '' for what is not set. */
export function profileFormValuesOf(user: SessionUser): Record<ProfileField, string> {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    jobTitle: user.jobTitle ?? '',
    department: user.department ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Change password (spec §5)

/** Spec §9: a new password has at least 8 characters. */
export const MIN_NEW_PASSWORD_LENGTH = LIMITS.account.newPassword.min;

export interface PasswordFormValues {
  currentPassword?: string;
  newPassword?: string;
  confirmPassword?: string;
}

export type PasswordField = keyof PasswordFormValues;

/** The first rule the values break, in the order the fields appear; null when they may be sent. */
export function passwordChangeError(values: PasswordFormValues): FieldProblem<PasswordField> | null {
  const currentPassword = values.currentPassword ?? '';
  const newPassword = values.newPassword ?? '';
  const confirmPassword = values.confirmPassword ?? '';
  if (currentPassword === '') {
    return {
      field: 'currentPassword',
      message: msg('Current password required'),
      toast: {
        title: msg('Current password required'),
        description: msg('Please enter your current password.'),
      },
    };
  }
  if (newPassword === '') {
    return {
      field: 'newPassword',
      message: msg('New password required'),
      toast: { title: msg('New password required'), description: msg('Please enter a new password.') },
    };
  }
  if (newPassword.length < MIN_NEW_PASSWORD_LENGTH) {
    return {
      field: 'newPassword',
      message: translate('Password too short: Your new password must be at least {min} characters long', {
        min: MIN_NEW_PASSWORD_LENGTH,
      }),
      toast: {
        title: msg('Password too short'),
        description: translate('Your new password must be at least {min} characters long', {
          min: MIN_NEW_PASSWORD_LENGTH,
        }),
      },
    };
  }
  if (newPassword !== confirmPassword) {
    return {
      field: 'confirmPassword',
      message: msg("Passwords don't match"),
      toast: {
        title: msg("Passwords don't match"),
        description: msg('Please make sure both passwords match'),
      },
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Delete account (spec §5, §6)

export const DELETE_CONFIRMATION_WORD = 'DELETE';

export interface DeleteAccountFormValues {
  confirmation?: string;
  password?: string;
}

export type DeleteAccountField = keyof DeleteAccountFormValues;

/** The word must be DELETE exactly (no other case, no spaces around it); the password must be given. */
export function deleteAccountError(values: DeleteAccountFormValues): FieldProblem<DeleteAccountField> | null {
  if ((values.confirmation ?? '') !== DELETE_CONFIRMATION_WORD) {
    return {
      field: 'confirmation',
      message: msg('Confirmation required'),
      toast: {
        title: msg('Confirmation required'),
        description: translate('Please type {word} to confirm that you want to delete your account.', {
          word: DELETE_CONFIRMATION_WORD,
        }),
      },
    };
  }
  if ((values.password ?? '') === '') {
    return {
      field: 'password',
      message: msg('Password required'),
      toast: {
        title: msg('Password required'),
        description: msg('Please enter your password to delete your account.'),
      },
    };
  }
  return null;
}

export const adminCannotDeleteNote = msg(
  'Administrator accounts cannot be deleted here. Please contact the system administrator to delete this account.',
);

// ---------------------------------------------------------------------------------------------------------
// Toasts (spec §8)

function failureToast(title: string, error: unknown, fallback: string): ToastOptions {
  return { title, description: failureText(error, fallback), duration: TOAST_SECONDS.long };
}

export const profileUpdatedToast: ToastOptions = {
  title: msg('Profile updated'),
  description: msg('Your profile information has been saved.'),
};
export const profileUpdateFailedToast = (error: unknown) =>
  failureToast(msg('Error updating profile'), error, msg('There was an error updating your profile'));

export const passwordUpdatedToast: ToastOptions = {
  title: msg('Password updated'),
  description: msg('Your password has been changed successfully.'),
};
export const passwordUpdateFailedToast = (error: unknown) =>
  failureToast(msg('Error updating password'), error, msg('There was an error updating your password'));

export const accountDeletedToast: ToastOptions = {
  title: msg('Account deleted'),
  description: msg('Your account and all of its ventures have been permanently deleted.'),
};
export const accountDeleteFailedToast = (error: unknown) =>
  failureToast(msg('Error deleting account'), error, msg('There was an error deleting your account'));
