import { translate } from '../../i18n/i18n';
import type { FieldValidator } from './validation';

/*
 * Field checks for plain forms. Each message is a function, read when the check runs, so that it is in the
 * language active then (issue 21).
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Something, an @ and a domain with a dot, ignoring the spaces around it. */
export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

/** Anything typed passes (spaces too, as antd's `required`), else `message`. */
export function requiredCheck(message: () => string): FieldValidator {
  return (value) => (value === '' ? message() : null);
}

/** An e-mail address: `missing` when nothing but spaces was typed, else `invalid` for what is not one. */
export function emailCheck(missing: () => string, invalid: () => string): FieldValidator {
  return (value) => {
    if (value.trim() === '') return missing();
    return isValidEmail(value) ? null : invalid();
  };
}

/** `missing` when empty, else `tooShort` for fewer than `min` characters (a password's: spaces count). */
export function minLengthCheck(min: number, missing: () => string, tooShort: () => string): FieldValidator {
  return (value) => {
    if (value === '') return missing();
    return value.length >= min ? null : tooShort();
  };
}

/** `missing` when empty, else `mismatch` unless it equals the value of field `other`. */
export function sameAsCheck(other: string, missing: () => string, mismatch: () => string): FieldValidator {
  return (value, values) => {
    if (value === '') return missing();
    return value === values[other] ? null : mismatch();
  };
}

/** The e-mail field of the sign-in, sign-up, SSO and password-recovery forms. */
export const emailAddressCheck = emailCheck(
  () => translate('Please enter your email address'),
  () => translate('Please enter a valid email address'),
);
