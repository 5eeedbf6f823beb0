/**
 * An organization's registration page's metadata, from its branding: the page sets it at run time, and the
 * build writes it into the page's template (`web/build/prerender-pages.ts`), which the gateway fills with the
 * organization's values (issue 22).
 */
import { PLATFORM_NAME } from '@app/contracts';
import type { Branding } from '../../components/branded-registration/branded-registration';
import type { SeoOptions } from '../../components/seo-tags';
import { translate } from '../../i18n/i18n';

export function organizationSeo(branding: Branding): SeoOptions {
  return {
    title: translate('Register with {name}', { name: branding.name }),
    description:
      branding.description ??
      translate('Create your {platform} account with {name}.', {
        platform: PLATFORM_NAME,
        name: branding.name,
      }),
  };
}
