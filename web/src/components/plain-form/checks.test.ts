import { describe, expect, it } from '@jest/globals';
import { emailCheck, isValidEmail, minLengthCheck, requiredCheck, sameAsCheck } from './checks';

const missing = () => 'missing';
const wrong = () => 'wrong';

describe('isValidEmail', () => {
  it('when an address lacks an at sign or a domain, then it is not a valid e-mail', () => {
    expect(isValidEmail('founder@example.com')).toBe(true);
    expect(isValidEmail(' founder@example.com ')).toBe(true);
    expect(isValidEmail('founder@example')).toBe(false);
    expect(isValidEmail('founder.example.com')).toBe(false);
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});

describe('field checks', () => {
  it('requiredCheck: only an empty value is missing (spaces are a value, as with antd)', () => {
    const check = requiredCheck(missing);
    expect(check('', {})).toBe('missing');
    expect(check(' ', {})).toBeNull();
  });

  it('emailCheck: nothing but spaces is missing, anything else must be an address', () => {
    const check = emailCheck(missing, wrong);
    expect(check('  ', {})).toBe('missing');
    expect(check('ada@example', {})).toBe('wrong');
    expect(check('ada@example.com', {})).toBeNull();
  });

  it('minLengthCheck: counts every character, spaces included', () => {
    const check = minLengthCheck(6, missing, wrong);
    expect(check('', {})).toBe('missing');
    expect(check('abcde', {})).toBe('wrong');
    expect(check('abcde ', {})).toBeNull();
  });

  it('sameAsCheck: compares with the other field of the same values', () => {
    const check = sameAsCheck('password', missing, wrong);
    expect(check('', { password: 'secret' })).toBe('missing');
    expect(check('secreT', { password: 'secret' })).toBe('wrong');
    expect(check('secret', { password: 'secret' })).toBeNull();
  });
});
