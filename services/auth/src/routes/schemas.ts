import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../domain/password-hash.ts';

/*
 * Request bodies. Every object is strict (unknown keys → 400, so `isAdmin` or `organizationId` in a browser
 * body change nothing), every value must be a string or boolean of its own type (so operator objects such
 * as `{"$ne": null}` never reach a query), and messages are the ones the web app shows as they are.
 */

/** A string field whose "missing" message differs from its "wrong type" message. */
function text(missing: string, wrongType = missing): z.ZodString {
  return z.string({ error: (issue) => (issue.input === undefined ? missing : wrongType) });
}

const INVALID_EMAIL = 'Please enter a valid email address';
const TOO_LONG = 'Password is too long';
const NEW_PASSWORD_TOO_SHORT = 'Password too short: Your new password must be at least 8 characters long';

/** An e-mail address, trimmed and lowercased (the stored, unique form). */
export const emailField = text('Email is required', INVALID_EMAIL)
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

/** A new account's password: at least 6 (the sign-up hint says 6+), refused before hashing past 1024. */
const signUpPassword = text('Password is required', 'Password must be at least 6 characters')
  .min(6, 'Password must be at least 6 characters')
  .max(MAX_PASSWORD_LENGTH, TOO_LONG);

/** A password chosen on the account page or the reset page: at least 8 (spec §9). */
const newPassword = text('New password required', NEW_PASSWORD_TOO_SHORT)
  .min(1, 'New password required')
  .min(8, NEW_PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, TOO_LONG);

export const loginBody = z.strictObject({
  username: text('Email is required', 'Invalid email or password')
    .min(1, 'Email is required')
    .max(1024, 'Invalid email or password'),
  password: text('Password is required', 'Invalid email or password')
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH, TOO_LONG),
  rememberMe: z.boolean('rememberMe must be true or false').optional(),
});

export const registerBody = z.strictObject({ username: emailField, password: signUpPassword });

const PHONE = /^[0-9 +().-]{7,30}$/;
const MIN_PHONE_DIGITS = 5;

function profileText(label: string): z.ZodType<string | null | undefined> {
  return text(`${label} must be text`)
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

export const profileBody = z.strictObject({
  firstName: profileText('First name'),
  lastName: profileText('Last name'),
  jobTitle: profileText('Job title'),
  department: profileText('Department'),
  phoneNumber: text('Please enter a valid phone number')
    .trim()
    .refine(
      (value) => value === '' || (PHONE.test(value) && value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS),
      'Please enter a valid phone number',
    )
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});

export const changePasswordBody = z.strictObject({
  currentPassword: text('Current password required')
    .min(1, 'Current password required')
    .max(MAX_PASSWORD_LENGTH, TOO_LONG),
  newPassword,
});

export const deleteAccountBody = z.strictObject({
  password: text('Password required').min(1, 'Password required').max(MAX_PASSWORD_LENGTH, TOO_LONG),
});

export const forgotPasswordBody = z.strictObject({ username: emailField });

const INVALID_RESET = 'This reset link is invalid or has expired';

export const resetPasswordBody = z.strictObject({
  token: text(INVALID_RESET).min(1, INVALID_RESET).max(512, INVALID_RESET),
  password: newPassword,
});

export const userIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid user id'),
});

export const createUserBody = z.strictObject({
  username: emailField,
  password: signUpPassword,
  organizationId: z.string('organizationId must be a string').min(1).max(200).nullable().optional(),
  isAdmin: z.boolean('isAdmin must be true or false').optional(),
});

export const updateUserBody = z.strictObject({
  username: emailField.optional(),
  isAdmin: z.boolean('isAdmin must be true or false').optional(),
  isActive: z.boolean('isActive must be true or false').optional(),
});
