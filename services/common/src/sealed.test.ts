import { openSealedText, sealText } from './sealed.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const OLD = 'an-older-secret-of-at-least-thirty-two-chars';

describe('sealed text', () => {
  it('opens what was sealed with the same secret, and hides the text in the sealed form', () => {
    const url = 'http://localhost:3000/invitations/accept?token=raw-token-value';
    const sealed = sealText(url, SECRET);
    expect(sealed).not.toContain('raw-token-value');
    expect(sealed.startsWith('s1.')).toBe(true);
    expect(openSealedText(sealed, SECRET)).toBe(url);
  });

  it('opens with a previous secret during a rotation, and not with an unrelated one', () => {
    const sealed = sealText('hello', OLD);
    expect(openSealedText(sealed, [SECRET, OLD])).toBe('hello');
    expect(openSealedText(sealed, [SECRET])).toBeNull();
  });

  it('refuses tampered and malformed input instead of throwing', () => {
    const sealed = sealText('hello', SECRET);
    const [prefix, iv, data, tag] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openSealedText([prefix, iv, flipped.toString('base64url'), tag].join('.'), SECRET)).toBeNull();
    for (const bad of ['', 'x', 's1.a.b', 's2.a.b.c', `${sealed}.extra`]) {
      expect(openSealedText(bad, SECRET)).toBeNull();
    }
  });

  it('seals the same text differently every time', () => {
    expect(sealText('same', SECRET)).not.toBe(sealText('same', SECRET));
  });
});
