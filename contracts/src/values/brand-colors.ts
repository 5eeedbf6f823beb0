/**
 * The colours of an organization's branded registration page (spec §3 "Organization", §9 defaults).
 * Pure helpers, shared by the public page, the admin preview and the gateway, which fills the page's
 * pre-rendered template with them (`organization-page.ts`).
 */

import { COLOR_PATTERN, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './organization.ts';

/** `#RRGGBB`, the only colour form organizations store. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && COLOR_PATTERN.test(value.trim());
}

/** The colour itself when it is a valid `#RRGGBB`, else the fallback (never an arbitrary CSS string). */
export function colorOrDefault(value: string | null | undefined, fallback: string): string {
  return isHexColor(value) ? value.trim().toUpperCase() : fallback;
}

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#RRGGBB` colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

/** WCAG contrast ratio between two `#RRGGBB` colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#0F172A';

/** White or dark text, whichever reads better on the given background (any organization colour stays legible). */
export function readableTextColor(background: string): string {
  const bg = colorOrDefault(background, DEFAULT_PRIMARY_COLOR);
  return contrastRatio(bg, LIGHT_TEXT) >= contrastRatio(bg, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** Only http(s) logo addresses are shown (a `javascript:` or `data:` URL never reaches an <img>). */
export function safeLogoUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The colours an organization's branding gives (spec §3: primary and secondary, or the defaults). */
export interface BrandColors {
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

/**
 * The branded page's colours as CSS custom properties, in the order the page's style attribute lists them:
 * the organization's two colours, with legible text on each. Its header, welcome panel and Register button
 * take their colours from these (branded-registration.css), so one attribute holds all of them.
 */
export function brandVariables(branding: BrandColors): ReadonlyArray<readonly [string, string]> {
  const primary = colorOrDefault(branding.primaryColor, DEFAULT_PRIMARY_COLOR);
  const secondary = colorOrDefault(branding.secondaryColor, DEFAULT_SECONDARY_COLOR);
  return [
    ['--brand-primary', primary],
    ['--brand-on-primary', readableTextColor(primary)],
    ['--brand-secondary', secondary],
    ['--brand-on-secondary', readableTextColor(secondary)],
  ];
}

/** `brandVariables` as React writes them into a `style` attribute (a web unit test holds the two equal). */
export function brandStyleText(branding: BrandColors): string {
  return brandVariables(branding)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
