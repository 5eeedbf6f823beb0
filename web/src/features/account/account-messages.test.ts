import { ApiError } from '../../lib/api-client';
import {
  accountDeleteFailedToast,
  deleteAccountError,
  passwordChangeError,
  passwordUpdateFailedToast,
  profileChangesOf,
  profileFieldError,
  profileUpdateFailedToast,
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

describe('failure toasts (spec §8): the server message, else the default', () => {
  it.each([
    [profileUpdateFailedToast, 'Error updating profile', 'There was an error updating your profile'],
    [passwordUpdateFailedToast, 'Error updating password', 'There was an error updating your password'],
    [accountDeleteFailedToast, 'Error deleting account', 'There was an error deleting your account'],
  ])('%p', (toastOf, title, fallback) => {
    expect(toastOf(statusOnlyError)).toMatchObject({ title, description: fallback });
    expect(toastOf(serverError('The demo account cannot be changed or deleted', 403))).toMatchObject({
      title,
      description: 'The demo account cannot be changed or deleted',
    });
  });
});
