/**
 * The SSO error page's metadata, set at run time and written into its pre-rendered HTML, one file for each
 * reason (`web/build/prerender-pages.ts`, issue 22). It stays out of search indexes.
 */
import type { SeoOptions } from '../../components/seo-tags';
import { paths } from '../../config/paths';
import { msg } from '../../i18n/i18n';

export const ssoErrorSeo: SeoOptions = {
  title: msg('Single sign-on failed'),
  description: msg('The single sign-on did not complete.'),
  path: paths.ssoError.getHref(),
  noindex: true,
};
