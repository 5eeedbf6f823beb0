/**
 * The password-recovery pages' metadata, set at run time and written into their pre-rendered HTML
 * (`web/build/prerender-pages.ts`, issue 22). Both stay out of search indexes.
 */
import type { SeoOptions } from '../../components/seo-tags';
import { paths } from '../../config/paths';
import { msg } from '../../i18n/i18n';

export const forgotPasswordSeo: SeoOptions = {
  title: msg('Forgot your password?'),
  description: msg('Request a link to reset your Venture Roadmap password.'),
  path: paths.forgotPassword.getHref(),
  noindex: true,
};

export const resetPasswordSeo: SeoOptions = {
  title: msg('Reset your password'),
  description: msg('Choose a new password for your Venture Roadmap account.'),
  path: paths.resetPassword.getHref(),
  noindex: true,
};
