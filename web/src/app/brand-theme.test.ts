import { readFileSync } from 'node:fs';
import { actionButtonStyle } from '../components/action-button/action-button-style';
import { DARK_TEXT, LIGHT_TEXT } from '@app/contracts';
import { brandTheme } from './brand-theme';
import { theme } from './theme';

describe('the antd theme from an organization (issue 19, white label)', () => {
  it('when there is no brand, then the platform theme is used unchanged', () => {
    expect(brandTheme(theme, null)).toBe(theme);
  });

  it('when the member belongs to an organization, then primary buttons and other accents take its primary colour, links too when it reads on white', () => {
    const branded = brandTheme(theme, { primaryColor: '#7c2d12', secondaryColor: '#FDBA74' });
    expect(branded.components?.Button).toMatchObject({
      colorPrimary: '#7C2D12',
      primaryColor: '#FFFFFF',
      algorithm: true,
    });
    for (const component of ['Checkbox', 'Radio', 'Switch'] as const) {
      expect(branded.components?.[component]).toMatchObject({ colorPrimary: '#7C2D12' });
    }
    expect(branded.components?.Tabs).toMatchObject({ inkBarColor: '#7C2D12', itemSelectedColor: '#7C2D12' });
    expect(branded.token?.colorLink).toBe('#7C2D12');
    // The seed antd derives alert, tag and selection backgrounds from stays the platform's.
    expect(branded.token?.colorPrimary).toBe(theme.token?.colorPrimary);
    expect(branded.token?.colorError).toBe(theme.token?.colorError);
  });

  it('when the primary colour is light, then buttons get dark text, and links and selected tabs keep the readable platform colour', () => {
    const branded = brandTheme(theme, { primaryColor: '#FDE047', secondaryColor: '#000000' });
    expect(branded.components?.Button).toMatchObject({ colorPrimary: '#FDE047', primaryColor: '#0F172A' });
    expect(branded.token).toBe(theme.token);
    expect(branded.components?.Tabs).not.toHaveProperty('itemSelectedColor');
  });

  it('when the stored colour is not #RRGGBB, then the platform primary is used', () => {
    const branded = brandTheme(theme, { primaryColor: 'red; x', secondaryColor: '#000000' });
    expect(branded.components?.Button?.colorPrimary).toBe(theme.token?.colorPrimary);
  });
});

describe('the colours of the plain action buttons (ActionButton, issue 22), from the same theme', () => {
  it("when the platform's theme is used, then they are antd's for it", () => {
    const style = actionButtonStyle(theme) as Record<string, string>;
    expect(style).toMatchObject({
      '--action-primary': '#2563eb',
      '--action-primary-hover': '#4f8af7',
      '--action-primary-text': '#fff',
      '--action-danger': '#b91c1c',
      '--action-radius': '6px',
    });
  });

  it("when a member's organization has a brand, then the primary button is the brand's, with readable text", () => {
    const orange = actionButtonStyle(
      brandTheme(theme, { primaryColor: '#7C2D12', secondaryColor: '#FDBA74' }),
    );
    expect(orange).toMatchObject({ '--action-primary': '#7c2d12', '--action-primary-text': LIGHT_TEXT });
    const pale = actionButtonStyle(brandTheme(theme, { primaryColor: '#FDE68A', secondaryColor: '#FDBA74' }));
    expect(pale).toMatchObject({ '--action-primary': '#fde68a', '--action-primary-text': DARK_TEXT });
    // Everything else stays the platform's (the brand only colours what carries it: brand-theme.ts).
    expect(orange).toMatchObject({ '--action-danger': '#b91c1c', '--action-border': '#d9d9d9' });
  });

  it("when no theme sets them (a page without antd, issue 22), then action-button.css's fallbacks are the platform's colours", () => {
    const css = readFileSync(
      new URL('../components/action-button/action-button.css', import.meta.url),
      'utf8',
    );
    const normal = (value: string) =>
      value
        .replace(/\s+/g, '')
        .toLowerCase()
        .replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, '#$1$1$2$2$3$3');
    // Every fallback of each variable, wherever the stylesheet reads it.
    const fallbacks = new Map<string, Set<string>>();
    for (const [, name, value] of css.matchAll(/var\((--action-[\w-]+),\s*([^)]*\)?)\)/g)) {
      fallbacks.set(name!, (fallbacks.get(name!) ?? new Set()).add(normal(value!)));
    }
    const platform = actionButtonStyle(theme) as Record<string, string>;
    const colours = Object.keys(platform).filter((name) => name !== '--action-font');
    expect(colours.filter((name) => !fallbacks.has(name))).toEqual([]);
    expect(Object.fromEntries(colours.map((name) => [name, [...fallbacks.get(name)!]]))).toEqual(
      Object.fromEntries(colours.map((name) => [name, [normal(platform[name]!)]])),
    );
  });
});
