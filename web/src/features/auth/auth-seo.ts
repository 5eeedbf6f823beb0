/**
 * The sign-in page's metadata. The page sets it at run time, and the build writes it into the page's
 * pre-rendered HTML (`web/build/prerender-pages.ts`), as the marketing pages' (issue 22).
 */
import type { SeoOptions } from '../../components/seo-tags';
import { paths } from '../../config/paths';
import { msg } from '../../i18n/i18n';

export const authSeo: SeoOptions = {
  title: msg('Sign in'),
  description: msg('Sign in or create a free account to plan, track and grow your startup venture.'),
  path: paths.auth.getHref(),
};
