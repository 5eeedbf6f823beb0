import { getAvatarInitials } from './avatar-initials';

describe('getAvatarInitials', () => {
  it('when the local part has a dot, then it shows the first letter of each of the two parts', () => {
    expect(getAvatarInitials('jane.doe@example.com')).toBe('JD');
  });

  it('when the local part has an underscore or a hyphen, then those split it too', () => {
    expect(getAvatarInitials('mary_ann@example.com')).toBe('MA');
    expect(getAvatarInitials('jean-luc@example.com')).toBe('JL');
  });

  it('when there are more than two parts, then only the first two give initials', () => {
    expect(getAvatarInitials('anna.maria.lopez@example.com')).toBe('AM');
  });

  it('when separators repeat or lead, then empty parts are skipped', () => {
    expect(getAvatarInitials('.john..smith@example.com')).toBe('JS');
    expect(getAvatarInitials('_-kim@example.com')).toBe('KI');
  });

  it('when the local part is a single part, then it shows its first two letters', () => {
    expect(getAvatarInitials('founder@example.com')).toBe('FO');
  });

  it('when the single part has one letter, then it shows that letter', () => {
    expect(getAvatarInitials('x@example.com')).toBe('X');
  });

  it('when the username has no @, then the whole username is the local part', () => {
    expect(getAvatarInitials('sam.lee')).toBe('SL');
  });

  it('when the domain has dots, then they do not count as parts', () => {
    expect(getAvatarInitials('demo@ventureroadmap.app')).toBe('DE');
  });

  it('when there is no user, then it shows U', () => {
    expect(getAvatarInitials(null)).toBe('U');
    expect(getAvatarInitials(undefined)).toBe('U');
    expect(getAvatarInitials('')).toBe('U');
    expect(getAvatarInitials('...@example.com')).toBe('U');
  });

  it('when letters are lower case, then the initials are upper case', () => {
    expect(getAvatarInitials('élodie.ñu@example.com')).toBe('ÉÑ');
  });
});
