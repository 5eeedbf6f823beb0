import { ApiError } from '../../lib/api-client';
import {
  accountDeleteFailedToast,
  blurbCounterText,
  deleteAccountError,
  formatUsShortDate,
  passwordChangeError,
  passwordUpdateFailedToast,
  profileChangesOf,
  profileFieldError,
  profileUpdateFailedToast,
  ventureCreateFailedToast,
  ventureDeleteFailedToast,
  ventureFormError,
  ventureInputOf,
  ventureUpdateFailedToast,
} from './account-messages';

const serverError = (message: string, status = 400) => new ApiError(status, message, { message }, message);
const statusOnlyError = new ApiError(502, 'Bad Gateway', undefined, undefined);

describe('change password (spec §5)', () => {
  const valid = {
    currentPassword: 'old-secret',
    newPassword: 'new-secret-1',
    confirmPassword: 'new-secret-1',
  };

  it('when the current password is empty, then it says Current password required', () => {
    const problem = passwordChangeError({ ...valid, currentPassword: '' });
    expect(problem?.field).toBe('currentPassword');
    expect(problem?.message).toBe('Current password required');
    expect(problem?.toast.title).toBe('Current password required');
  });

  it('when the new password is empty, then it says New password required', () => {
    const problem = passwordChangeError({ ...valid, newPassword: undefined });
    expect(problem?.field).toBe('newPassword');
    expect(problem?.message).toBe('New password required');
    expect(problem?.toast.title).toBe('New password required');
  });

  it('when the new password has 7 characters, then it is too short; with 8 it is accepted', () => {
    const problem = passwordChangeError({ ...valid, newPassword: '1234567', confirmPassword: '1234567' });
    expect(problem?.field).toBe('newPassword');
    expect(problem?.message).toBe('Password too short: Your new password must be at least 8 characters long');
    expect(problem?.toast).toEqual({
      title: 'Password too short',
      description: 'Your new password must be at least 8 characters long',
    });
    expect(
      passwordChangeError({ ...valid, newPassword: '12345678', confirmPassword: '12345678' }),
    ).toBeNull();
  });

  it('when the confirmation differs, then it says Passwords don’t match', () => {
    const problem = passwordChangeError({ ...valid, confirmPassword: 'new-secret-2' });
    expect(problem?.field).toBe('confirmPassword');
    expect(problem?.message).toBe("Passwords don't match");
    expect(problem?.toast.title).toBe("Passwords don't match");
  });

  it('when several rules are broken, then the first field’s rule is reported', () => {
    expect(passwordChangeError({})?.field).toBe('currentPassword');
  });

  it('when every rule holds, then nothing is reported', () => {
    expect(passwordChangeError(valid)).toBeNull();
  });
});

describe('delete account (spec §5)', () => {
  it.each(['', 'delete', 'Delete', ' DELETE', 'DELETE ', 'DELET'])(
    'when the confirmation is %j, then it says Confirmation required',
    (confirmation) => {
      const problem = deleteAccountError({ confirmation, password: 'secret' });
      expect(problem?.field).toBe('confirmation');
      expect(problem?.message).toBe('Confirmation required');
      expect(problem?.toast.title).toBe('Confirmation required');
    },
  );

  it('when the word is right but the password is empty, then it says Password required', () => {
    const problem = deleteAccountError({ confirmation: 'DELETE', password: '' });
    expect(problem?.field).toBe('password');
    expect(problem?.message).toBe('Password required');
    expect(problem?.toast.title).toBe('Password required');
  });

  it('when the word is DELETE and a password is given, then nothing is reported', () => {
    expect(deleteAccountError({ confirmation: 'DELETE', password: 'secret' })).toBeNull();
  });
});

describe('the add/edit venture form on the account page (spec §5)', () => {
  it.each([undefined, '', '   '])('when the name is %j, then it asks for a name for the venture', (name) => {
    expect(ventureFormError({ name, blurb: '' })).toEqual({
      field: 'name',
      message: 'Please enter a name for your venture',
      toast: { title: 'Error', description: 'Please enter a name for your venture' },
    });
  });

  it('when the name is longer than 100 characters, then it says so', () => {
    expect(ventureFormError({ name: 'x'.repeat(101) })?.message).toBe(
      'Venture name must be 100 characters or less',
    );
    expect(ventureFormError({ name: 'x'.repeat(100) })).toBeNull();
  });

  it('when the description has 141 characters, then the toast is Description too long; 140 is fine', () => {
    expect(ventureFormError({ name: 'Acme', blurb: 'b'.repeat(141) })).toEqual({
      field: 'blurb',
      message: 'Description must be 140 characters or less',
      toast: { title: 'Description too long', description: 'Description must be 140 characters or less' },
    });
    expect(ventureFormError({ name: 'Acme', blurb: 'b'.repeat(140) })).toBeNull();
  });

  it('when the values are sent, then the name and description are trimmed', () => {
    expect(ventureInputOf({ name: '  Acme  ', blurb: ' Rockets. ' })).toEqual({
      name: 'Acme',
      blurb: 'Rockets.',
    });
    expect(ventureInputOf({ name: 'Acme' })).toEqual({ name: 'Acme', blurb: '' });
  });

  it('the live counter reads n/140', () => {
    expect(blurbCounterText(12)).toBe('12/140');
  });
});

describe('profile fields', () => {
  it.each(['+1 (555) 010-2030', '555.010.2030', '0123456'])(
    'when the phone is %j, then it is accepted',
    (phone) => {
      expect(profileFieldError('phoneNumber', phone)).toBeNull();
    },
  );

  it.each(['call me', '555-CALL-NOW', '12345', '+-()  .', '1'.repeat(31)])(
    'when the phone is %j, then it asks for a valid phone number',
    (phone) => {
      expect(profileFieldError('phoneNumber', phone)).toBe('Please enter a valid phone number');
    },
  );

  it('when a text is longer than 100 characters, then the message names the field', () => {
    expect(profileFieldError('firstName', 'a'.repeat(101))).toBe('First name must be at most 100 characters');
    expect(profileFieldError('jobTitle', 'a'.repeat(101))).toBe('Job title must be at most 100 characters');
    expect(profileFieldError('department', 'a'.repeat(100))).toBeNull();
  });

  it('when a field is left empty, then it is fine and is sent as null (cleared)', () => {
    expect(profileFieldError('phoneNumber', '  ')).toBeNull();
    expect(profileChangesOf({ firstName: ' Ada ', lastName: '', jobTitle: null, department: 'R&D' })).toEqual(
      { firstName: 'Ada', lastName: null, jobTitle: null, department: 'R&D', phoneNumber: null },
    );
  });
});

describe('dates in US short form (spec §2 "Account")', () => {
  it('when a date is shown, then it reads month/day/year', () => {
    expect(formatUsShortDate(new Date(2026, 2, 7, 12))).toBe('3/7/2026');
  });

  it('when the value is missing or not a date, then nothing is shown', () => {
    expect(formatUsShortDate(undefined)).toBe('');
    expect(formatUsShortDate('not a date')).toBe('');
  });
});

describe('failure toasts (spec §8): the server message, else the default', () => {
  it.each([
    [profileUpdateFailedToast, 'Error updating profile', 'There was an error updating your profile'],
    [passwordUpdateFailedToast, 'Error updating password', 'There was an error updating your password'],
    [accountDeleteFailedToast, 'Error deleting account', 'There was an error deleting your account'],
    [ventureCreateFailedToast, 'Error creating venture', 'There was an error creating your venture'],
    [ventureUpdateFailedToast, 'Error updating venture', 'There was an error updating your venture'],
    [ventureDeleteFailedToast, 'Error deleting venture', 'There was an error deleting your venture'],
  ])('%p', (toastOf, title, fallback) => {
    expect(toastOf(statusOnlyError)).toMatchObject({ title, description: fallback });
    expect(toastOf(serverError('The demo account cannot be changed or deleted', 403))).toMatchObject({
      title,
      description: 'The demo account cannot be changed or deleted',
    });
  });
});
