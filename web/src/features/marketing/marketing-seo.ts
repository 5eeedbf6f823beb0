/**
 * Metadata of the marketing pages. The pages set it at run time, and the build writes it into their
 * pre-rendered HTML (`web/build/prerender-pages.ts`), so link previews and crawlers see it without
 * JavaScript.
 */
import type { SeoOptions } from '../../components/seo-tags';
import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { msg } from '../../i18n/i18n';

export const aboutSeo: SeoOptions = {
  title: msg('About us'),
  description: msg(
    'Venture Roadmap was founded in 2025 by entrepreneurs, advisors and developers to give every founder a clear, guided path from idea to launch.',
  ),
  path: paths.about.getHref(),
};

export const contactSeo: SeoOptions = {
  title: msg('Contact us'),
  description: msg(
    'Questions about Venture Roadmap or the enterprise plan? Write to us, call us Mon-Fri 9am-5pm PST, or send a message with the contact form.',
  ),
  path: paths.contact.getHref(),
};

const enterpriseDescription =
  'A co-branded venture roadmap platform for universities, incubators and accelerators: central dashboard, analytics, enterprise security, custom templates and priority support.';

export const enterpriseSeo: SeoOptions = {
  title: msg('Enterprise: venture roadmaps for institutions'),
  description: enterpriseDescription,
  path: paths.enterprise.getHref(),
  keywords: [
    'enterprise venture management',
    'incubator software',
    'accelerator platform',
    'university entrepreneurship program',
    'white-label startup roadmap',
    'startup program analytics',
  ],
  jsonLd: {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `${site.name} Enterprise`,
    serviceType: 'Venture management platform for institutions',
    description: enterpriseDescription,
    provider: { '@type': 'Organization', name: site.name },
    audience: { '@type': 'Audience', audienceType: 'Universities, incubators and accelerators' },
    offers: {
      '@type': 'Offer',
      name: 'Enterprise',
      priceCurrency: 'USD',
      description: msg('Custom pricing for institutions and incubators'),
      priceSpecification: {
        '@type': 'PriceSpecification',
        priceCurrency: 'USD',
        description: msg('Custom price'),
      },
    },
  },
};
