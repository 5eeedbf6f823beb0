import { buildSeoDocument, type HeadTag, type SeoOptions } from '../src/components/seo-tags';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function renderTag(tag: HeadTag): string {
  if (tag.kind === 'link')
    return tag.href === null ? '' : `<link rel="${tag.rel}" href="${escapeHtml(tag.href)}" />`;
  return tag.content === null
    ? ''
    : `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}" />`;
}

/** The head of one page: what `useSeo` would set, so hydration finds the same tags and updates them in place. */
export function renderSeoHead(seo: SeoOptions, origin: string): string {
  const pagePath = seo.path ?? '/';
  const document = buildSeoDocument(seo, origin, pagePath);
  const tags = document.tags.map(renderTag).filter((html) => html !== '');
  // `data-seo` marks the script `useSeo` owns; buildSeoDocument already escaped `<` in the JSON.
  if (document.jsonLd !== null)
    tags.push(`<script type="application/ld+json" data-seo>${document.jsonLd}</script>`);
  return [`<title>${escapeHtml(document.title)}</title>`, ...tags].join('\n    ');
}

/** index.html with the page's own head (`renderSeoHead`) in place of the default title and description. */
export function withPageHead(indexHtml: string, head: string): string {
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace('</head>', () => `  ${head}\n  </head>`);
}
