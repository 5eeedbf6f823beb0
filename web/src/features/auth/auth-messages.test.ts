import { ApiError } from '../../lib/api-client';
import {
  demoLoginFailedToast,
  loggedOutToast,
  loginFailedToast,
  loginSucceededToast,
  logoutFailedToast,
  passwordsDontMatchToast,
  registrationFailedToast,
  registrationSucceededToast,
} from './auth-messages';

const hint = 'If you\'ve forgotten your password, use the "Forgot your password?" link.';
const serverError = (message: string, status = 400) => new ApiError(status, message, { message }, message);
const statusOnlyError = new ApiError(401, 'Unauthorized', undefined, undefined);

describe('session toasts (spec §8)', () => {
  it('when login fails with a server message, then it is shown with the forgot-password hint', () => {
    expect(loginFailedToast(serverError('Account is disabled', 403))).toMatchObject({
      title: 'Login failed',
      description: ['Account is disabled', hint],
    });
  });

  it('when login fails without a server message, then the default text is shown with the hint', () => {
    expect(loginFailedToast(statusOnlyError).description).toEqual([
      'Invalid email or password. Please try again.',
      hint,
    ]);
  });

  it('when login succeeds, then the user is welcomed back by name', () => {
    expect(loginSucceededToast('jane@example.com')).toEqual({
      title: 'Login successful',
      description: 'Welcome back, jane@example.com!',
    });
  });

  it('when the demo login fails, then the title says so', () => {
    expect(demoLoginFailedToast(statusOnlyError).title).toBe('Demo login failed');
  });

  it('when registration fails because the username exists, then the user is told to sign in', () => {
    expect(registrationFailedToast(serverError('Username already exists', 409))).toEqual({
      title: 'Registration failed',
      description: 'This email address is already registered. Please try signing in instead.',
      duration: 5,
    });
  });

  it('when registration fails otherwise, then the server message or the default is shown for 5 s', () => {
    expect(registrationFailedToast(serverError('Password too weak')).description).toBe('Password too weak');
    expect(registrationFailedToast(new ApiError(500, 'Internal Server Error', undefined, undefined))).toEqual(
      {
        title: 'Registration failed',
        description: 'Could not create your account. Please try again.',
        duration: 5,
      },
    );
  });

  it('when registration succeeds, then the user is welcomed by name', () => {
    expect(registrationSucceededToast('new@example.com')).toEqual({
      title: 'Registration successful',
      description: 'Welcome, new@example.com!',
    });
  });

  it("when the passwords don't match, then the spec's texts are used", () => {
    expect(passwordsDontMatchToast).toEqual({
      title: "Passwords don't match",
      description: 'Please make sure both passwords match',
    });
  });

  it('when logout fails, then the server message or the default is shown for 3 s', () => {
    expect(logoutFailedToast(serverError('Session store unavailable', 503))).toEqual({
      title: 'Logout failed',
      description: 'Session store unavailable',
      duration: 3,
    });
    expect(logoutFailedToast(new Error('offline')).description).toBe(
      'Could not log you out. Please try again.',
    );
  });

  it('when logout succeeds, then the user is told so', () => {
    expect(loggedOutToast).toEqual({
      title: 'Logged out',
      description: 'You have been logged out successfully.',
    });
  });
});
