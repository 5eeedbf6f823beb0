import { brandTheme } from './brand-theme';
import { theme } from './theme';

describe('the antd theme from an organization (issue 19, white label)', () => {
  it('when there is no brand, then the platform theme is used unchanged', () => {
    expect(brandTheme(theme, null)).toBe(theme);
  });

  it('when the member belongs to an organization, then primary, info and link colours are its primary colour', () => {
    const branded = brandTheme(theme, { primaryColor: '#7c2d12', secondaryColor: '#FDBA74' });
    expect(branded.token).toMatchObject({
      colorPrimary: '#7C2D12',
      colorInfo: '#7C2D12',
      colorLink: '#7C2D12',
    });
    // Everything else stays the platform's.
    expect(branded.token?.colorError).toBe(theme.token?.colorError);
    expect(branded.token?.fontFamily).toBe(theme.token?.fontFamily);
    expect(branded.components?.Button?.primaryColor).toBe('#FFFFFF');
  });

  it('when the primary colour is light, then only primary buttons take it (dark text); links and active states keep the readable platform colour', () => {
    const branded = brandTheme(theme, { primaryColor: '#FDE047', secondaryColor: '#000000' });
    expect(branded.token).toBe(theme.token);
    expect(branded.components?.Button).toMatchObject({
      colorPrimary: '#FDE047',
      primaryColor: '#0F172A',
      algorithm: true,
    });
  });

  it('when the stored colour is not #RRGGBB, then the platform primary stays', () => {
    const branded = brandTheme(theme, { primaryColor: 'red; x', secondaryColor: '#000000' });
    expect(branded.token?.colorPrimary).toBe(theme.token?.colorPrimary);
  });
});
