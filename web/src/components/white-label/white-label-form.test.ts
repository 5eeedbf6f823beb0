import { changedWhiteLabel, whiteLabelProblem, whiteLabelValuesOf } from './white-label-form';

const stored = whiteLabelValuesOf({
  displayName: 'Northgate Venture Lab',
  faviconUrl: null,
  replyToEmail: 'programs@northgate.example',
  supportUrl: null,
  termsUrl: null,
  privacyUrl: null,
  customDomain: 'ventures.northgate.example',
});

describe('the white-label form (issue 19)', () => {
  it('when nothing differs, then nothing is sent; unset fields are empty text', () => {
    expect(stored.faviconUrl).toBe('');
    expect(changedWhiteLabel(stored, { ...stored })).toEqual({});
  });

  it('when fields change, then only those are sent, trimmed, the domain and reply-to lowercased, a cleared one as empty text', () => {
    expect(
      changedWhiteLabel(stored, {
        ...stored,
        customDomain: ' Ventures.Northgate.Example ',
        replyToEmail: 'Help@Northgate.Example',
        supportUrl: ' https://northgate.example/help ',
        displayName: '',
      }),
    ).toEqual({
      replyToEmail: 'help@northgate.example',
      supportUrl: 'https://northgate.example/help',
      displayName: '',
    });
  });

  it("when values break the service's rules, then the form says so with the service's messages", () => {
    expect(whiteLabelProblem('faviconUrl', 'http://insecure.example/icon.png')).toBe(
      'Favicon URL must be an https address',
    );
    expect(whiteLabelProblem('termsUrl', 'javascript:alert(1)')).toBe('Terms link must be an https address');
    expect(whiteLabelProblem('customDomain', 'https://ventures.example.org')).toMatch(
      /^Custom domain must be a hostname/,
    );
    expect(whiteLabelProblem('customDomain', 'localhost')).toMatch(/^Custom domain must be a hostname/);
    expect(whiteLabelProblem('replyToEmail', 'not an address')).toBe(
      'Reply-to address must be an e-mail address',
    );
    expect(whiteLabelProblem('displayName', 'x'.repeat(101))).toBe(
      'Display name must be at most 100 characters',
    );
  });

  it('when values are fine or empty, then there is no problem', () => {
    expect(whiteLabelProblem('customDomain', 'Ventures.Example.org')).toBeNull();
    expect(whiteLabelProblem('privacyUrl', 'https://example.org/privacy')).toBeNull();
    expect(whiteLabelProblem('replyToEmail', 'a@b.example')).toBeNull();
    expect(whiteLabelProblem('supportUrl', '  ')).toBeNull();
  });
});
