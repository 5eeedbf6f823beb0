import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../lib/api-client';
import {
  assertSuccessful,
  composeEnterpriseInquiry,
  contactFailedToast,
  enterpriseFailedToast,
  fieldErrorsOf,
  hasMinLength,
  UNEXPECTED_ERROR,
} from './contact-messages';

describe('contact form rules', () => {
  it('when a value is only long enough with its surrounding spaces, then it is too short', () => {
    expect(hasMinLength(' a ', 2)).toBe(false);
    expect(hasMinLength('Al', 2)).toBe(true);
    expect(hasMinLength(undefined, 2)).toBe(false);
  });
});

describe('composeEnterpriseInquiry', () => {
  it('when the enterprise form is sent, then the subject names the organization and the message holds organization, role and text', () => {
    const input = composeEnterpriseInquiry({
      name: ' Ada ',
      email: 'ada@uni.edu',
      organization: ' Northgate University ',
      role: 'Program Director',
      message: 'We run two cohorts a year.',
    });
    expect(input).toEqual({
      name: 'Ada',
      email: 'ada@uni.edu',
      subject: 'Enterprise Inquiry from Northgate University',
      message: 'Organization: Northgate University\nRole: Program Director\n\nWe run two cohorts a year.',
    });
  });

  it('when no message is given, then the message says so', () => {
    const input = composeEnterpriseInquiry({
      name: 'Ada',
      email: 'ada@uni.edu',
      organization: 'NU',
      role: 'Dean',
      message: '   ',
    });
    expect(input.message).toBe('Organization: NU\nRole: Dean\n\nNo additional message provided.');
  });
});

describe('contact failures', () => {
  const validationFailure = new ApiError(
    400,
    'Validation failed',
    {
      success: false,
      message: 'Validation failed',
      validationErrors: [
        { path: ['email'], message: 'Invalid email' },
        { path: ['subject', 'length'], message: 'Too short' },
      ],
    },
    'Validation failed',
  );

  it('when the server answers 400 with validation errors, then each message is grouped under its field', () => {
    expect(fieldErrorsOf(validationFailure)).toEqual({ email: ['Invalid email'], subject: ['Too short'] });
  });

  it('when the failure is not a 400 with validation errors, then there are no field errors', () => {
    expect(fieldErrorsOf(new ApiError(500, 'Boom', { message: 'Boom' }, 'Boom'))).toBeNull();
    expect(fieldErrorsOf(new ApiError(400, 'Bad', { message: 'Bad' }, 'Bad'))).toBeNull();
    expect(fieldErrorsOf(new Error('network'))).toBeNull();
  });

  it('when the server answers with a message, then the toast shows it; without one, the spec default', () => {
    expect(
      contactFailedToast(new ApiError(503, 'Down for maintenance', {}, 'Down for maintenance')),
    ).toMatchObject({ title: 'Error', description: 'Down for maintenance' });
    expect(contactFailedToast(new ApiError(502, 'Bad Gateway', undefined, undefined))).toMatchObject({
      title: 'Error',
      description: 'Failed to send message. Please try again later.',
    });
    expect(enterpriseFailedToast(new ApiError(502, 'Bad Gateway', undefined, undefined))).toMatchObject({
      title: 'Error',
      description: 'Failed to submit request. Please try again later.',
    });
  });

  it('when the request never got an answer or something unexpected failed, then the toast says an unexpected error occurred', () => {
    expect(contactFailedToast(new ApiError(0, 'offline', undefined, undefined)).description).toBe(
      UNEXPECTED_ERROR,
    );
    expect(enterpriseFailedToast(new TypeError('boom')).description).toBe(UNEXPECTED_ERROR);
  });

  it('when the server answers OK but success is false, then it fails with the server message', () => {
    let caught: unknown;
    try {
      assertSuccessful({ success: false, message: 'Mail is paused' });
    } catch (error) {
      caught = error;
    }
    expect(enterpriseFailedToast(caught).description).toBe('Mail is paused');
    expect(() => assertSuccessful({ success: true, message: 'ok' })).not.toThrow();
  });
});
