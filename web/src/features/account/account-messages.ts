/**
 * The account page's rules and texts: word for word from the spec's validation rules (§5) and error
 * catalogue (§8) where it quotes them; the profile limits follow the auth service's own rules
 * (services/auth/src/routes/schemas.ts), so the form refuses what the server would refuse.
 */
import { isApiError, NETWORK_ERROR_STATUS, serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';
import type { AccountUser, ProfileChanges, ProfileField } from './types';

/** A rule the user broke: the toast to show and the field it is about (its message shows under it). */
export interface FieldProblem<Field extends string> {
  field: Field;
  /** The text under the field. */
  message: string;
  toast: ToastOptions;
}

// ---------------------------------------------------------------------------------------------------------
// Dates

const usShortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });

/** Spec §2 "Account": dates in US short form, e.g. 3/7/2026; '' when the value is not a date. */
export function formatUsShortDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : usShortDate.format(date);
}

// ---------------------------------------------------------------------------------------------------------
// Profile

/** The auth service's limit on every profile text. */
export const PROFILE_TEXT_MAX_LENGTH = 100;

export const profileLabels: Record<ProfileField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  jobTitle: 'Job title',
  department: 'Department',
  phoneNumber: 'Phone number',
};

export const invalidPhoneMessage = 'Please enter a valid phone number';

/** Digits, spaces and + ( ) . - only, 7 to 30 characters, at least 5 of them digits (as the server checks). */
const PHONE_PATTERN = /^[0-9 +().-]{7,30}$/;
const MIN_PHONE_DIGITS = 5;

export type ProfileFormValues = Partial<Record<ProfileField, string | null>>;

/** The message for one profile field's value, or null when it is fine (empty clears the field). */
export function profileFieldError(field: ProfileField, value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (field === 'phoneNumber') {
    const digits = text.replace(/\D/g, '').length;
    return PHONE_PATTERN.test(text) && digits >= MIN_PHONE_DIGITS ? null : invalidPhoneMessage;
  }
  return text.length > PROFILE_TEXT_MAX_LENGTH
    ? `${profileLabels[field]} must be at most ${PROFILE_TEXT_MAX_LENGTH} characters`
    : null;
}

/** What PATCH /api/user/profile gets: every field, trimmed, an empty one as null (which clears it). */
export function profileChangesOf(values: ProfileFormValues): ProfileChanges {
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
export function profileFormValuesOf(user: AccountUser): Record<ProfileField, string> {
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

export const MIN_NEW_PASSWORD_LENGTH = 8;

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
      message: 'Current password required',
      toast: { title: 'Current password required', description: 'Please enter your current password.' },
    };
  }
  if (newPassword === '') {
    return {
      field: 'newPassword',
      message: 'New password required',
      toast: { title: 'New password required', description: 'Please enter a new password.' },
    };
  }
  if (newPassword.length < MIN_NEW_PASSWORD_LENGTH) {
    return {
      field: 'newPassword',
      message: 'Password too short: Your new password must be at least 8 characters long',
      toast: {
        title: 'Password too short',
        description: 'Your new password must be at least 8 characters long',
      },
    };
  }
  if (newPassword !== confirmPassword) {
    return {
      field: 'confirmPassword',
      message: "Passwords don't match",
      toast: { title: "Passwords don't match", description: 'Please make sure both passwords match' },
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
      message: 'Confirmation required',
      toast: {
        title: 'Confirmation required',
        description: `Please type ${DELETE_CONFIRMATION_WORD} to confirm that you want to delete your account.`,
      },
    };
  }
  if ((values.password ?? '') === '') {
    return {
      field: 'password',
      message: 'Password required',
      toast: {
        title: 'Password required',
        description: 'Please enter your password to delete your account.',
      },
    };
  }
  return null;
}

export const adminCannotDeleteNote =
  'Administrator accounts cannot be deleted here. Please contact the system administrator to delete this account.';

// ---------------------------------------------------------------------------------------------------------
// The add/edit venture form (spec §5: the account page's own texts)

/** Spec §9: the blurb holds at most 140 characters. */
export const BLURB_MAX_LENGTH = 140;
/** The venture service's limit on names (services/venture/README.md). */
export const VENTURE_NAME_MAX_LENGTH = 100;

export const ventureNameRequiredMessage = 'Please enter a name for your venture';
export const ventureNameTooLongMessage = `Venture name must be ${VENTURE_NAME_MAX_LENGTH} characters or less`;
export const blurbTooLongMessage = 'Description must be 140 characters or less';

export interface VentureFormValues {
  name?: string;
  blurb?: string;
}

export type VentureField = keyof VentureFormValues;

/**
 * The name is trimmed and required; the description is optional and at most 140 characters, counted as
 * the live counter shows it, so the counter and the rule never disagree.
 */
export function ventureFormError(values: VentureFormValues): FieldProblem<VentureField> | null {
  const name = (values.name ?? '').trim();
  const blurb = values.blurb ?? '';
  if (name === '') {
    return {
      field: 'name',
      message: ventureNameRequiredMessage,
      toast: { title: 'Error', description: ventureNameRequiredMessage },
    };
  }
  if (name.length > VENTURE_NAME_MAX_LENGTH) {
    return {
      field: 'name',
      message: ventureNameTooLongMessage,
      toast: { title: 'Error', description: ventureNameTooLongMessage },
    };
  }
  if (blurb.length > BLURB_MAX_LENGTH) {
    return {
      field: 'blurb',
      message: blurbTooLongMessage,
      toast: { title: 'Description too long', description: blurbTooLongMessage },
    };
  }
  return null;
}

/** What the form sends: the name and description without surrounding spaces. */
export function ventureInputOf(values: VentureFormValues): { name: string; blurb: string } {
  return { name: (values.name ?? '').trim(), blurb: (values.blurb ?? '').trim() };
}

/** The live counter under the description, e.g. '12/140'. */
export function blurbCounterText(length: number): string {
  return `${length}/${BLURB_MAX_LENGTH}`;
}

// ---------------------------------------------------------------------------------------------------------
// Toasts (spec §8)

/** The server's message, the network failure's message, or the given default. */
function failureText(error: unknown, fallback: string): string {
  const serverMessage = serverMessageOf(error);
  if (serverMessage !== undefined && serverMessage.trim() !== '') return serverMessage;
  if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) return error.message;
  return fallback;
}

function failureToast(title: string, error: unknown, fallback: string): ToastOptions {
  return { title, description: failureText(error, fallback), duration: TOAST_SECONDS.long };
}

export const profileUpdatedToast: ToastOptions = {
  title: 'Profile updated',
  description: 'Your profile information has been saved.',
};
export const profileUpdateFailedToast = (error: unknown) =>
  failureToast('Error updating profile', error, 'There was an error updating your profile');

export const passwordUpdatedToast: ToastOptions = {
  title: 'Password updated',
  description: 'Your password has been changed successfully.',
};
export const passwordUpdateFailedToast = (error: unknown) =>
  failureToast('Error updating password', error, 'There was an error updating your password');

export const accountDeletedToast: ToastOptions = {
  title: 'Account deleted',
  description: 'Your account and all of its ventures have been permanently deleted.',
};
export const accountDeleteFailedToast = (error: unknown) =>
  failureToast('Error deleting account', error, 'There was an error deleting your account');

export const ventureCreatedToast: ToastOptions = {
  title: 'Venture created',
  description: 'Your venture roadmap has been created successfully!',
};
export const ventureCreateFailedToast = (error: unknown) =>
  failureToast('Error creating venture', error, 'There was an error creating your venture');

export const ventureUpdatedToast: ToastOptions = {
  title: 'Venture updated',
  description: 'Your venture details have been saved.',
};
export const ventureUpdateFailedToast = (error: unknown) =>
  failureToast('Error updating venture', error, 'There was an error updating your venture');

export const ventureDeletedToast = (name: string): ToastOptions => ({
  title: 'Venture deleted',
  description: `"${name}" and its roadmap have been deleted.`,
});
export const ventureDeleteFailedToast = (error: unknown) =>
  failureToast('Error deleting venture', error, 'There was an error deleting your venture');

export const venturesLoadFailedText = 'Your ventures could not be loaded.';
