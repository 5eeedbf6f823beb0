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
 * Issue 19, white label: the antd theme a member of a branded organization sees: its primary colour for
 * primary buttons, active states and focus (`colorPrimary`), links in it when it reads on white (else the
 * platform's), and the primary buttons' text white or dark, whichever reads on that colour. Null: the
 * platform's theme unchanged.
 */
export function brandTheme(
  base: ThemeConfig,
  brand: Pick<MemberBrand, 'primaryColor' | 'secondaryColor'> | null,
): ThemeConfig {
  if (!brand) return base;
  const fallback = base.token?.colorPrimary ?? '#2563eb';
  const primary = colorOrDefault(brand.primaryColor, fallback);
  const link = contrastRatio(primary, LIGHT_TEXT) >= AA ? primary : (base.token?.colorLink ?? fallback);
  return {
    ...base,
    token: { ...base.token, colorPrimary: primary, colorInfo: primary, colorLink: link },
    components: {
      ...base.components,
      Button: { ...base.components?.Button, primaryColor: readableTextColor(primary) },
    },
  };
}
