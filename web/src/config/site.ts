import { msg } from '../i18n/i18n';

/** Site-wide metadata defaults (spec §2 "Header, footer, 404 and metadata"); the texts are translated where used. */
export const site = {
  name: 'Venture Roadmap',
  defaultTitle: msg('Track your venture progress'),
  defaultDescription: msg(
    'Plan, track and grow your startup with a guided roadmap of 50 launch tasks, progress tracking and expert guidance.',
  ),
  twitterCard: 'summary_large_image',
};

/**
 * The public origin used for canonical and Open Graph URLs. Set `VITE_SITE_URL` at build
 * time for production; otherwise the origin the app is served from is used.
 */
export function siteOrigin(): string {
  const configured: unknown = import.meta.env?.VITE_SITE_URL;
  if (typeof configured === 'string' && configured !== '') return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}
