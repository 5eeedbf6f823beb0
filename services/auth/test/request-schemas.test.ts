import { AppError, parseInput } from '@app/common';
import {
  changePasswordBody,
  deleteAccountBody,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
} from '@app/contracts';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('request validation', () => {
  it('registration: a valid e-mail and a password of 6 to 1024 characters, nothing else', () => {
    expect(parseInput(registerBody, { username: ' Ada@Example.COM ', password: 'secret' })).toEqual({
      username: 'ada@example.com',
      password: 'secret',
    });
    expect(messageOf(() => parseInput(registerBody, { username: 'not-an-email', password: 'secret' }))).toBe(
      'Please enter a valid email address',
    );
    expect(messageOf(() => parseInput(registerBody, { username: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(
      messageOf(() => parseInput(registerBody, { username: 'a@b.co', password: 'x'.repeat(1025) })),
    ).toBe('Password is too long');
    expect(() => parseInput(registerBody, { username: 'a@b.co', password: 'x'.repeat(1024) })).not.toThrow();
    expect(() => parseInput(registerBody, { username: 'a@b.co', password: 'secret', isAdmin: true })).toThrow(
      AppError,
    );
  });

  it('operator objects in place of strings are refused', () => {
    expect(() => parseInput(loginBody, { username: { $ne: null }, password: 'x' })).toThrow(AppError);
    expect(() => parseInput(loginBody, { username: 'a@b.co', password: { $gt: '' } })).toThrow(AppError);
  });

  it('change password: the spec messages, in field order', () => {
    expect(messageOf(() => parseInput(changePasswordBody, {}))).toBe('Current password required');
    expect(messageOf(() => parseInput(changePasswordBody, { currentPassword: 'x' }))).toBe(
      'New password required',
    );
    expect(messageOf(() => parseInput(changePasswordBody, { currentPassword: 'x', newPassword: '' }))).toBe(
      'New password required',
    );
    expect(
      messageOf(() => parseInput(changePasswordBody, { currentPassword: 'x', newPassword: '1234567' })),
    ).toBe('Password too short: Your new password must be at least 8 characters long');
    expect(messageOf(() => parseInput(resetPasswordBody, { token: 't', password: '1234567' }))).toBe(
      'Password too short: Your new password must be at least 8 characters long',
    );
    expect(messageOf(() => parseInput(deleteAccountBody, {}))).toBe('Password required');
  });

  it('profile: trimmed text up to 100 characters, an empty string clears, phone numbers checked', () => {
    expect(
      parseInput(profileBody, { firstName: '  Ada ', lastName: '', phoneNumber: ' +1 (555) 123-4567 ' }),
    ).toEqual({
      firstName: 'Ada',
      lastName: null,
      phoneNumber: '+1 (555) 123-4567',
    });
    expect(parseInput(profileBody, { phoneNumber: '' })).toEqual({ phoneNumber: null });
    expect(messageOf(() => parseInput(profileBody, { jobTitle: 'x'.repeat(101) }))).toBe(
      'Job title must be at most 100 characters',
    );
    for (const phone of ['12345', 'call me maybe', '1'.repeat(31), '+()-.  -- ..']) {
      expect(messageOf(() => parseInput(profileBody, { phoneNumber: phone }))).toBe(
        'Please enter a valid phone number',
      );
    }
    expect(() => parseInput(profileBody, { isAdmin: true })).toThrow(AppError);
  });
});
