import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { antdStaticStyles } from './antd-styles';
import { englishMessages } from './english-messages';
import { build, type Plugin } from 'vite';
import { LANGUAGES, prerenderedFileIn, type Language } from '@app/contracts';
import type { SeoOptions } from '../src/components/seo-tags';
import { withPageHead } from './prerender-meta';
import { staticClosure, type ChunkFacts } from './bundle-report';
import { ON_DEMAND_MODULE, routeModules } from './route-modules';

/** The SPA shell the gateway serves for every path without a pre-rendered page of its own. */
export const SHELL_FILE = '200.html';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * What a pre-rendered page links besides the shell's own entry and stylesheet. Its chunks are not preloaded
 * from the HTML: the page shows without them (they only hydrate it), and on a slow link those requests held
 * back its first paint (Lighthouse's simulated phone, issue 22: /contact and /enterprise 97 with their ten
 * preloads, 99 without). The entry starts loading them as soon as it runs, beside the session check
 * (`preloadPage` in src/main.tsx).
 */
export interface PageAssets {
  /** The CSS the route's lazy chunks import: linked, so the page is styled at first paint. */
  stylesheets: readonly string[];
}

export interface PageParts extends PageAssets {
  /** The page's `<title>` and meta tags in its language (`renderSeoHead`). */
  head: string;
  /** The language the page is rendered in: `<html lang>` says it, and the app hydrates a page in its own. */
  language: Language;
  /** The rendered app, the inside of `<div id="root">`. */
  rootHtml: string;
  /** antd's `<style>` elements for the rendered components. */
  antdStyles: string;
}

/** The pre-rendered page: the shell with the page's head, assets, styles and markup. */
export function composePage(shell: string, parts: PageParts): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`the shell has no empty #root (${ROOT_ELEMENT})`);
  const links = parts.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  if (!/<html lang="[a-z]+">/.test(shell)) throw new Error('the shell has no <html lang="…">');
  let html = withPageHead(shell, parts.head).replace(
    /<html lang="[a-z]+">/,
    `<html lang="${parts.language}">`,
  );
  // antd's rules go before the app's own stylesheets, as antd inserts them on the client, so the app's
  // overrides keep winning.
  const firstStylesheet = html.search(/<link rel="stylesheet"|<script type="module"/);
  const antdAt = firstStylesheet === -1 ? html.indexOf('</head>') : firstStylesheet;
  html = `${html.slice(0, antdAt)}${parts.antdStyles}\n    ${html.slice(antdAt)}`;
  html = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  // A function, so `$` in the markup is never read as a replacement pattern.
  return html.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${parts.rootHtml}</div>`);
}

/**
 * The plain shell (200.html) serves the antd pages and signed-in users, who all go through the on-demand chunk
 * (src/app/on-demand.ts) before their page's chunks: it is fetched beside the entry, not after it.
 */
export function composeShell(shell: string, chunks: ReadonlyMap<string, ChunkFacts>): string {
  const onDemand = [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(ON_DEMAND_MODULE),
  );
  if (!onDemand) throw new Error(`no chunk is built from ${ON_DEMAND_MODULE}`);
  if (!shell.includes('</head>')) throw new Error('the shell has no </head>');
  return shell.replace(
    '</head>',
    `  <link rel="modulepreload" crossorigin href="/${onDemand.fileName}">\n  </head>`,
  );
}

/** The stylesheets of the route at `pagePath`, from the client build's chunks. */
export function pageAssets(
  chunks: ReadonlyMap<string, ChunkFacts & { css: readonly string[] }>,
  pagePath: string,
): PageAssets {
  const route = routeModules.find((entry) => entry.path === pagePath);
  if (!route) throw new Error(`build/route-modules.ts has no route ${pagePath}`);
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const shellFiles = staticClosure(chunks, entry.fileName);
  const files = new Set<string>();
  for (const module of route.modules) {
    const chunk = [...chunks.values()].find((candidate) =>
      candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
    );
    if (!chunk) throw new Error(`no chunk is built from ${module}`);
    for (const file of staticClosure(chunks, chunk.fileName)) if (!shellFiles.has(file)) files.add(file);
  }
  const stylesheets = [...new Set([...files].sort().flatMap((file) => chunks.get(file)!.css))];
  return { stylesheets };
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|txt|json|xml|webmanifest)$/;

/** `<file>.br` and `<file>.gz` next to every text file, which the gateway serves to browsers that accept them. */
export async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await readFile(file);
    await writeFile(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    await writeFile(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  }
}

interface RenderedPage {
  html: string;
  styles: string;
}

interface ServerEntry {
  prerenderedPages: ReadonlyArray<{ path: string; location: string; seo: SeoOptions; file: string }>;
  renderPage(location: string, language: Language): Promise<RenderedPage>;
  renderSeoHead(seo: SeoOptions, origin: string): string;
  ORGANIZATION_PAGE_TEMPLATE_DIR: string;
  ORGANIZATION_PAGE_TOKENS: { name: string };
  ORGANIZATION_PAGE_VARIANTS: readonly string[];
  organizationTemplateSeo(variant: string): SeoOptions;
  renderOrganizationTemplate(variant: string, language: Language): Promise<RenderedPage>;
}

/**
 * After the client build: renders the public pages (src/entry-server.tsx, built for Node) into
 * `index.html` and `<path>/index.html` with their metadata, markup and first-paint styles, and an
 * organization's registration page into its templates (`organization-page/<variant>.html`), keeps the
 * plain shell as `200.html` for every other path, then writes compressed copies of the text files.
 * The canonical origin is `VITE_SITE_URL` (root-relative without it).
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let chunks = new Map<string, ChunkFacts & { css: string[] }>();
  return {
    name: 'venture-roadmap:prerender-pages',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      chunks = new Map();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          fileName: output.fileName,
          facadeModuleId: output.facadeModuleId,
          isEntry: output.isEntry,
          imports: output.imports,
          gzipBytes: 0,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await writeFile(path.join(outDir, SHELL_FILE), composeShell(shell, chunks));

        // Inside web/, so the server bundle resolves react, antd… from node_modules; one folder per build.
        const serverDir = path.join(root, 'node_modules', `.prerender-${process.pid}`);
        try {
          await build({
            root,
            configFile: false,
            logLevel: 'warn',
            plugins: [englishMessages(), react(), antdStaticStyles()],
            // Icons' deep imports are ES modules without file extensions, which Node cannot load as they are.
            ssr: { noExternal: ['@ant-design/icons'] },
            build: {
              ssr: path.join(root, 'src/entry-server.tsx'),
              outDir: serverDir,
              emptyOutDir: true,
              copyPublicDir: false,
              rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
            },
          });
          const server = (await import(
            pathToFileURL(path.join(serverDir, 'entry-server.js')).href
          )) as ServerEntry;
          const origin = (process.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');
          // Issue 22: each page in each language (`index.html`, `index.es.html`…), the gateway serving the
          // visitor's, so a Spanish visitor's page hydrates in place too.
          for (const language of LANGUAGES) {
            for (const page of server.prerenderedPages) {
              const rendered = await server.renderPage(page.location, language);
              const html = composePage(shell, {
                head: server.renderSeoHead(page.seo, origin),
                language,
                rootHtml: rendered.html,
                antdStyles: rendered.styles,
                ...pageAssets(chunks, page.path),
              });
              const dir = path.join(outDir, page.path);
              await mkdir(dir, { recursive: true });
              await writeFile(path.join(dir, prerenderedFileIn(page.file, language)), html);
            }
          }
          // Issue 22: an organization's registration page, one template per variant and language, which the
          // gateway fills with the organization's branding (`fillOrganizationPage` in @app/contracts).
          const templates = path.join(outDir, server.ORGANIZATION_PAGE_TEMPLATE_DIR);
          await mkdir(templates, { recursive: true });
          for (const language of LANGUAGES) {
            for (const variant of server.ORGANIZATION_PAGE_VARIANTS) {
              const rendered = await server.renderOrganizationTemplate(variant, language);
              const html = composePage(shell, {
                head: server.renderSeoHead(server.organizationTemplateSeo(variant), origin),
                language,
                rootHtml: rendered.html,
                antdStyles: rendered.styles,
                ...pageAssets(chunks, '/org/:slug'),
              });
              if (!rendered.html.includes(server.ORGANIZATION_PAGE_TOKENS.name)) {
                throw new Error(`the organization page's ${variant} template does not show its name`);
              }
              await writeFile(path.join(templates, prerenderedFileIn(`${variant}.html`, language)), html);
            }
          }
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
        await precompress(outDir);
      },
    },
  };
}
