import { fieldIds, validateFields } from './validation';
import { msg } from '../../i18n/i18n';

const atLeast = (min: number, message: string) => (value: string) =>
  value.trim().length >= min ? null : message;

describe('validateFields', () => {
  const validators = { name: atLeast(2, 'Name is too short'), subject: atLeast(5, 'Subject is too short') };

  it('when every value passes, then there are no errors', () => {
    expect(validateFields(validators, { name: 'Ada', subject: 'Hello there', message: '' })).toEqual({});
  });

  it('when values fail, then each failing field has its message and fields without a check never fail', () => {
    expect(validateFields(validators, { name: ' A ', subject: 'Hi', message: '' })).toEqual({
      name: 'Name is too short',
      subject: 'Subject is too short',
    });
  });
});

describe('fieldIds', () => {
  it('names the input <form>_<field> and its error text <form>_<field>_help', () => {
    expect(fieldIds('contact', 'email')).toEqual({ input: 'contact_email', help: msg('contact_email_help') });
  });
});
