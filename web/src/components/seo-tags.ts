import { site } from '../config/site';
import { translate } from '../i18n/i18n';

export type JsonLd = Record<string, unknown>;

export interface SeoOptions {
  /** The page's own title; the site name is appended. Defaults to the site's default title. */
  title?: string;
  description?: string;
  /** The canonical path, e.g. `/enterprise`; defaults to the current path. */
  path?: string;
  /** Keep the page out of search indexes. */
  noindex?: boolean;
  keywords?: readonly string[];
  /** Structured data (schema.org), written as one JSON-LD script. */
  jsonLd?: JsonLd | readonly JsonLd[];
  /** Open Graph type; `website` unless stated. */
  type?: 'website' | 'article';
  /** Absolute or root-relative URL of the share image. */
  image?: string;
}

/** A `<meta>` selected by `name` or `property`, or a `<link>` selected by `rel`. */
export type HeadTag =
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string | null }
  | { kind: 'link'; rel: string; href: string | null };

export interface SeoDocument {
  title: string;
  tags: HeadTag[];
  /** The JSON-LD script text, or null when the page has none. */
  jsonLd: string | null;
}

/** A page's title in the active language (pages pass `msg` texts or texts they translated already). */
export function formatTitle(title: string | undefined): string {
  return `${translate(title ?? site.defaultTitle)} | ${site.name}`;
}

function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * Everything a page puts in the document head. A `null` content or href means the tag
 * must not be present (e.g. no robots tag on an indexable page), so a page never
 * inherits the previous page's optional tags.
 */
export function buildSeoDocument(options: SeoOptions, origin: string, currentPath: string): SeoDocument {
  const title = formatTitle(options.title);
  const description = translate(options.description ?? site.defaultDescription);
  const url = absoluteUrl(origin, options.path ?? currentPath);
  const image = options.image === undefined ? null : absoluteUrl(origin, options.image);
  const meta = (attribute: 'name' | 'property', key: string, content: string | null): HeadTag => ({
    kind: 'meta',
    attribute,
    key,
    content,
  });
  const jsonLd =
    options.jsonLd === undefined
      ? null
      : // `<` is escaped so the data can never close its script element.
        JSON.stringify(options.jsonLd).replace(/</g, '\\u003c');

  return {
    title,
    jsonLd,
    tags: [
      meta('name', 'description', description),
      meta('name', 'keywords', options.keywords?.length ? options.keywords.join(', ') : null),
      meta('name', 'robots', options.noindex ? 'noindex, nofollow' : null),
      { kind: 'link', rel: 'canonical', href: url },
      meta('property', 'og:site_name', site.name),
      meta('property', 'og:type', options.type ?? 'website'),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      meta('property', 'og:image', image),
      meta('name', 'twitter:card', image === null ? 'summary' : site.twitterCard),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', image),
    ],
  };
}
