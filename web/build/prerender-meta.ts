import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
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

/** index.html with the page's own head in place of the default title and description. */
export function withPageHead(indexHtml: string, seo: SeoOptions, origin: string): string {
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace('</head>', `  ${renderSeoHead(seo, origin)}\n  </head>`);
}

/**
 * Writes `<path>/index.html` for each page after the build, holding that page's title, description,
 * canonical link, Open Graph and Twitter tags and JSON-LD; the gateway serves it for that path.
 * The canonical origin is `VITE_SITE_URL` (root-relative without it).
 */
export function prerenderMeta(pages: readonly SeoOptions[]): Plugin {
  let outDir = 'dist';
  return {
    name: 'venture-roadmap:prerender-meta',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const origin = (process.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');
      const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
      for (const seo of pages) {
        if (!seo.path || seo.path === '/') continue;
        const dir = path.join(outDir, seo.path);
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, 'index.html'), withPageHead(indexHtml, seo, origin));
      }
    },
  };
}
