import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { siteOrigin } from '../config/site';
import { buildSeoDocument, type HeadTag, type SeoDocument, type SeoOptions } from './seo-tags';

export type { JsonLd, SeoOptions } from './seo-tags';

const JSON_LD_SELECTOR = 'script[type="application/ld+json"][data-seo]';

function applyTag(tag: HeadTag): void {
  const head = document.head;
  if (tag.kind === 'link') {
    let link = head.querySelector<HTMLLinkElement>(`link[rel="${tag.rel}"]`);
    if (tag.href === null) return link?.remove();
    if (!link) {
      link = document.createElement('link');
      link.rel = tag.rel;
      head.appendChild(link);
    }
    link.href = tag.href;
    return;
  }
  let meta = head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`);
  if (tag.content === null) return meta?.remove();
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(tag.attribute, tag.key);
    head.appendChild(meta);
  }
  meta.content = tag.content;
}

function applyJsonLd(json: string | null): void {
  let script = document.head.querySelector<HTMLScriptElement>(JSON_LD_SELECTOR);
  if (json === null) return script?.remove();
  if (!script) {
    script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.seo = '';
    document.head.appendChild(script);
  }
  script.textContent = json;
}

function applySeoDocument(seo: SeoDocument): void {
  document.title = seo.title;
  seo.tags.forEach(applyTag);
  applyJsonLd(seo.jsonLd);
}

/**
 * Sets the page's title, description, canonical URL, Open Graph and Twitter tags,
 * optional noindex and structured data (spec §2 "metadata").
 */
export function useSeo(options: SeoOptions): void {
  const { pathname } = useLocation();
  // One string stands for all options, so a new object literal each render does not re-apply.
  const serialized = JSON.stringify(buildSeoDocument(options, siteOrigin(), pathname));
  useEffect(() => {
    applySeoDocument(JSON.parse(serialized) as SeoDocument);
  }, [serialized]);
}

export function Seo(props: SeoOptions) {
  useSeo(props);
  return null;
}
