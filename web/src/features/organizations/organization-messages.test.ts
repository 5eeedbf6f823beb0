import { activateLanguage } from '../../i18n/i18n';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import {
  ORGANIZATION_FALLBACK,
  organizationLookupMessage,
  organizationRegistrationFailedToast,
  organizationRegistrationSucceededToast,
  shortPasswordMessage,
} from './organization-messages';

const apiError = (status: number, serverMessage?: string) =>
  new ApiError(status, serverMessage ?? 'Status text', undefined, serverMessage);

describe('the organization lookup messages (spec §8 "Organization lookup")', () => {
  it('when the organization is unknown or inactive (404), then the card says it was not found', () => {
    expect(organizationLookupMessage(apiError(404, 'Organization not found'))).toBe('Organization not found');
  });

  it('when the lookup fails with another status, then the card says the details failed to load', () => {
    expect(organizationLookupMessage(apiError(500, 'boom'))).toBe('Failed to load organization details');
    expect(organizationLookupMessage(apiError(502))).toBe('Failed to load organization details');
  });

  it('when the lookup gets no answer or throws, then the card says an error occurred', () => {
    expect(organizationLookupMessage(apiError(NETWORK_ERROR_STATUS))).toBe(
      'An error occurred while loading organization details',
    );
    expect(organizationLookupMessage(new TypeError('bad json'))).toBe(
      'An error occurred while loading organization details',
    );
  });

  it('when there is no error to describe, then the fallback text is shown', () => {
    expect(organizationLookupMessage(null)).toBe(ORGANIZATION_FALLBACK);
    expect(ORGANIZATION_FALLBACK).toBe('Organization not found or inactive');
  });
});

describe('the organization registration toasts (spec §8)', () => {
  it('when the server explains the failure, then its message is shown under Registration failed', () => {
    expect(organizationRegistrationFailedToast(apiError(409, 'Username already exists'))).toMatchObject({
      title: 'Registration failed',
      description: 'Username already exists',
    });
  });

  it('when the server gives no message, then the toast repeats Registration failed', () => {
    expect(organizationRegistrationFailedToast(apiError(500))).toMatchObject({
      title: 'Registration failed',
      description: 'Registration failed',
    });
  });

  it('when registration succeeds, then the toast says the user is registered and logged in', () => {
    expect(organizationRegistrationSucceededToast).toEqual({
      title: 'Registration successful',
      description: 'You have been registered and logged in.',
    });
  });
});

describe('the organization registration texts in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('words the password rule in the active language, with the contracts’ minimum', () => {
    expect(shortPasswordMessage()).toBe('La contraseña debe tener al menos 6 caracteres');
  });
});

describe('the organization registration texts in English', () => {
  it('word the password rule as the spec does', () => {
    expect(shortPasswordMessage()).toBe('Password must be at least 6 characters');
  });
});
