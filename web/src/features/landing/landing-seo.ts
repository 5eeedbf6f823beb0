import type { SeoOptions } from '../../components/seo-tags';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { msg } from '../../i18n/i18n';

/** The landing page's metadata: the site's default title and description, and its offers as JSON-LD. */
export const landingSeo: SeoOptions = {
  path: paths.home.getHref(),
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: site.name,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    description: site.defaultDescription,
    offers: [
      { '@type': 'Offer', name: 'Free', price: '0', priceCurrency: 'USD' },
      {
        '@type': 'Offer',
        name: 'Enterprise',
        priceCurrency: 'USD',
        description: msg('Custom pricing for institutions and incubators'),
      },
    ],
  },
};
