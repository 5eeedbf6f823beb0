/**
 * The public pages the build pre-renders (web/build/prerender-pages.ts), the sign-in page among them: their
 * HTML holds the visitor's page and its metadata before any JavaScript runs, and the app hydrates it (src/main.tsx, which knows
 * their paths from `prerendered-paths.ts`).
 */
import type { SeoOptions } from '../components/seo-tags';
import { authSeo } from '../features/auth/auth-seo';
import { landingSeo } from '../features/landing/landing-seo';
import { aboutSeo, contactSeo, enterpriseSeo } from '../features/marketing/marketing-seo';

export interface PrerenderedPage {
  path: string;
  seo: SeoOptions;
}

export const prerenderedPages: readonly PrerenderedPage[] = [
  landingSeo,
  aboutSeo,
  contactSeo,
  enterpriseSeo,
  authSeo,
].map((seo) => ({ path: seo.path ?? '/', seo }));
