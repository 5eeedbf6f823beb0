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
