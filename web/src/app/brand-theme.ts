import {
  colorOrDefault,
  contrastRatio,
  LIGHT_TEXT,
  readableTextColor,
  type MemberBrand,
} from '@app/contracts';
import type { ThemeConfig } from 'antd';

/** WCAG AA for body text: a link colour must reach it on white to be used as one. */
const AA = 4.5;

/**
 * Issue 19, white label: the antd theme a member of a branded organization sees. The organization's primary
 * colour is set as the `colorPrimary` token of the components that carry the brand (primary buttons,
 * with white or dark text, whichever reads on it, and hover and active shades derived from it; checkboxes,
 * radios, switches; the tabs' ink bar), and as the link and selected-tab text colour when it reads on white
 * (4.5:1). The global seed stays the platform's: antd derives alert, tag and selection backgrounds from it,
 * and an arbitrary organization colour there (a near-black one, a pale one) made their text fail contrast.
 * Null: the platform's theme unchanged.
 */
export function brandTheme(
  base: ThemeConfig,
  brand: Pick<MemberBrand, 'primaryColor' | 'secondaryColor'> | null,
): ThemeConfig {
  if (!brand) return base;
  const fallback = base.token?.colorPrimary ?? '#2563eb';
  const primary = colorOrDefault(brand.primaryColor, fallback);
  const readable = contrastRatio(primary, LIGHT_TEXT) >= AA;
  const accent = { colorPrimary: primary, algorithm: true } as const;
  return {
    ...base,
    token: readable ? { ...base.token, colorLink: primary } : base.token,
    components: {
      ...base.components,
      Button: { ...base.components?.Button, ...accent, primaryColor: readableTextColor(primary) },
      Checkbox: { ...base.components?.Checkbox, ...accent },
      Radio: { ...base.components?.Radio, ...accent },
      Switch: { ...base.components?.Switch, ...accent },
      Tabs: {
        ...base.components?.Tabs,
        inkBarColor: primary,
        ...(readable ? { itemSelectedColor: primary } : {}),
      },
    },
  };
}
