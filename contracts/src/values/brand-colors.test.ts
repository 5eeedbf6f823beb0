import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './organization.ts';
import {
  DARK_TEXT,
  LIGHT_TEXT,
  colorOrDefault,
  contrastRatio,
  isHexColor,
  readableTextColor,
  safeLogoUrl,
} from './brand-colors.ts';

describe('organization colours (spec §3, §9)', () => {
  it('when a colour is #RRGGBB in either case, then it is valid', () => {
    expect(isHexColor('#0F172A')).toBe(true);
    expect(isHexColor('#3b82f6')).toBe(true);
  });

  it.each(['0F172A', '#0F172', '#0F172AA', '#GGGGGG', 'red', 'rgb(0,0,0)', '', null, 42])(
    'when the colour is %p, then it is not valid',
    (value) => {
      expect(isHexColor(value)).toBe(false);
    },
  );

  it('when a stored colour is missing or malformed, then the default colour is used', () => {
    expect(colorOrDefault(null, DEFAULT_PRIMARY_COLOR)).toBe('#0F172A');
    expect(colorOrDefault('url(javascript:alert(1))', DEFAULT_SECONDARY_COLOR)).toBe('#3B82F6');
    expect(colorOrDefault('#ff0000', DEFAULT_PRIMARY_COLOR)).toBe('#FF0000');
  });

  it('when text sits on a dark colour it is white, on a light colour it is dark', () => {
    expect(readableTextColor('#0F172A')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#FDE68A')).toBe(DARK_TEXT);
    expect(readableTextColor('#FFFFFF')).toBe(DARK_TEXT);
  });

  it('when the readable text colour is chosen, then its contrast is at least the other choice', () => {
    for (const bg of ['#3B82F6', '#22C55E', '#F97316', '#7C3AED', '#EAB308']) {
      const chosen = readableTextColor(bg);
      const other = chosen === LIGHT_TEXT ? DARK_TEXT : LIGHT_TEXT;
      expect(contrastRatio(bg, chosen)).toBeGreaterThanOrEqual(contrastRatio(bg, other));
    }
  });

  it('contrast of black on white is 21 and of a colour with itself is 1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3B82F6', '#3B82F6')).toBeCloseTo(1, 5);
  });
});

describe('organization logos', () => {
  it('when the logo is an http(s) address, then it is shown', () => {
    expect(safeLogoUrl('https://example.com/logo.png')).toBe('https://example.com/logo.png');
    expect(safeLogoUrl('http://example.com/a.svg')).toBe('http://example.com/a.svg');
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url', '', '   ', null, undefined])(
    'when the logo is %p, then no image is shown',
    (value) => {
      expect(safeLogoUrl(value)).toBeNull();
    },
  );
});
