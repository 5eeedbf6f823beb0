import type { SeoOptions } from '../../components/seo-tags';
import { paths } from '../../config/paths';
import { msg } from '../../i18n/i18n';

export const termsSeo: SeoOptions = {
  title: msg('Terms of service'),
  description: msg('The terms under which Venture Roadmap is offered to founders, teams and institutions.'),
  path: paths.terms.getHref(),
};

export const privacySeo: SeoOptions = {
  title: msg('Privacy notice'),
  description: msg(
    'What Venture Roadmap stores about you, why, who receives it, how long it is kept, and how to export or delete it.',
  ),
  path: paths.privacy.getHref(),
};

export const cookiesSeo: SeoOptions = {
  title: msg('Cookies'),
  description: msg(
    'Venture Roadmap sets one cookie, the session cookie that keeps you signed in, and no tracking cookies.',
  ),
  path: paths.cookies.getHref(),
};
