import type { MemberBrand } from '@app/contracts';
import type { ThemeConfig } from 'antd';
import {
  colorOrDefault,
  contrastRatio,
  LIGHT_TEXT,
  readableTextColor,
} from '../components/branded-registration/brand-colors';

/** WCAG AA for body text: a link colour must reach it on white to be used as one. */
const AA = 4.5;

/**
 * Issue 19, white label: the antd theme a member of a branded organization sees. A primary colour that reads
 * on white (4.5:1) becomes antd's `colorPrimary` (primary buttons, active tabs, focus, links); a lighter one
 * colours the primary buttons only (with dark text, hover and active shades derived from it), so text in
 * it never fails contrast. Null: the platform's theme unchanged.
 */
export function brandTheme(
  base: ThemeConfig,
  brand: Pick<MemberBrand, 'primaryColor' | 'secondaryColor'> | null,
): ThemeConfig {
  if (!brand) return base;
  const fallback = base.token?.colorPrimary ?? '#2563eb';
  const primary = colorOrDefault(brand.primaryColor, fallback);
  const onPrimary = readableTextColor(primary);
  if (contrastRatio(primary, LIGHT_TEXT) >= AA) {
    return {
      ...base,
      token: { ...base.token, colorPrimary: primary, colorInfo: primary, colorLink: primary },
      components: { ...base.components, Button: { ...base.components?.Button, primaryColor: onPrimary } },
    };
  }
  return {
    ...base,
    components: {
      ...base.components,
      Button: { ...base.components?.Button, colorPrimary: primary, primaryColor: onPrimary, algorithm: true },
    },
  };
}
