/**
 * The public pages the build pre-renders (web/build/prerender-pages.ts), the sign-in page among them: their
 * HTML holds the visitor's page and its metadata before any JavaScript runs, and the app hydrates it (src/main.tsx, which knows
 * their paths from `prerendered-paths.ts`).
 */
import { SSO_ERROR_REASONS } from '@app/contracts';
import type { SeoOptions } from '../components/seo-tags';
import { authSeo } from '../features/auth/auth-seo';
import { ssoErrorSeo } from '../features/auth/sso-error-seo';
import { cookiesSeo, privacySeo, termsSeo } from '../features/legal/legal-seo';
import { landingSeo } from '../features/landing/landing-seo';
import { aboutSeo, contactSeo, enterpriseSeo } from '../features/marketing/marketing-seo';
import { forgotPasswordSeo, resetPasswordSeo } from '../features/password-recovery/recovery-seo';

export interface PrerenderedPage {
  path: string;
  /** The address rendered, when the page's usual one has a query (the reset link's token). */
  location: string;
  seo: SeoOptions;
  /**
   * The file in the page's folder: `index.html`, or for the page at one value of a query parameter
   * `<name>=<value>.html`, which the gateway serves when the address has that parameter with that value
   * (`preRenderedFileFor` in gateway/src/static.ts).
   */
  file: string;
}

const RENDERED_RESET_TOKEN = 'from-the-link';

export const prerenderedPages: readonly PrerenderedPage[] = [
  landingSeo,
  aboutSeo,
  contactSeo,
  enterpriseSeo,
  authSeo,
  forgotPasswordSeo,
  resetPasswordSeo,
  termsSeo,
  privacySeo,
  cookiesSeo,
  ssoErrorSeo,
].flatMap((seo) => {
  const path = seo.path ?? '/';
  // The form a reset link opens, not the "invalid link" notice of an address without a token; the markup does
  // not hold the token, so the page hydrates with the visitor's own.
  const location = seo === resetPasswordSeo ? `${path}?token=${RENDERED_RESET_TOKEN}` : path;
  const page = { path, location, seo, file: 'index.html' };
  if (seo !== ssoErrorSeo) return [page];
  // What went wrong is the page's text: one file for each reason the auth service names.
  return [
    page,
    ...SSO_ERROR_REASONS.map((reason) => ({
      ...page,
      location: `${path}?reason=${reason}`,
      file: `reason=${reason}.html`,
    })),
  ];
});
