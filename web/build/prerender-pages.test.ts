import type { ChunkFacts } from './bundle-report';
import { renderSeoHead } from './prerender-meta';
import { composePage, composeShell } from './prerender-pages';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Track your venture progress | Venture Roadmap</title>
    <meta name="description" content="default" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('composePage', () => {
  const html = composePage(shell, {
    head: renderSeoHead(
      { title: 'About us', description: 'Who we are', path: '/about' },
      'https://example.com',
    ),
    language: 'en',
    rootHtml: '<main><h1>About $& us</h1></main>',
    antdStyles: '<style data-css-hash="x">.ant-btn{}</style>',
    stylesheets: ['assets/marketing-1.css'],
  });

  it('puts the rendered page in #root, marked for hydration, with its text as it is', () => {
    expect(html).toContain('<div id="root" data-prerendered><main><h1>About $& us</h1></main></div>');
  });

  it("replaces the default title and description with the page's metadata", () => {
    expect(html).toContain('<title>About us | Venture Roadmap</title>');
    expect(html).toContain('<meta name="description" content="Who we are" />');
    expect(html).toContain('<link rel="canonical" href="https://example.com/about" />');
    expect(html).not.toContain('content="default"');
  });

  it("links the route's CSS, with antd's rules before the app's stylesheets, and preloads no chunk", () => {
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/marketing-1.css">');
    expect(html.indexOf('.ant-btn')).toBeLessThan(html.indexOf('/assets/index-1.js'));
    expect(html.indexOf('/assets/index-1.css')).toBeLessThan(html.indexOf('/assets/marketing-1.css'));
  });

  it('marks the document with the language the page is rendered in', () => {
    expect(html).toContain('<html lang="en">');
    const spanish = composePage(shell, {
      head: '<title>Sobre nosotros | Venture Roadmap</title>',
      language: 'es',
      rootHtml: '<main><h1>Sobre nosotros</h1></main>',
      antdStyles: '',
      stylesheets: [],
    });
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<title>Sobre nosotros | Venture Roadmap</title>');
    expect(spanish).not.toContain('Track your venture progress');
  });

  it('fails when the shell has no empty #root', () => {
    expect(() =>
      composePage('<html lang="en"><head></head><body></body></html>', {
        head: '',
        language: 'en',
        rootHtml: '',
        antdStyles: '',
        stylesheets: [],
      }),
    ).toThrow('#root');
  });
});

describe('composeShell', () => {
  const chunk = (fileName: string, facadeModuleId: string | null): ChunkFacts => ({
    fileName,
    facadeModuleId,
    isEntry: false,
    imports: [],
    gzipBytes: 0,
  });

  it('preloads the on-demand chunk beside the entry, and nothing else', () => {
    const chunks = new Map([
      ['assets/index-1.js', { ...chunk('assets/index-1.js', '/repo/web/src/main.tsx'), isEntry: true }],
      ['assets/on-demand-1.js', chunk('assets/on-demand-1.js', '/repo/web/src/app/on-demand.ts')],
      [
        'assets/auth-page-1.js',
        chunk('assets/auth-page-1.js', '/repo/web/src/features/auth/pages/auth-page.tsx'),
      ],
    ]);
    const html = composeShell(shell, chunks);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/on-demand-1.js">\n  </head>');
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('fails when no chunk is built from the on-demand module', () => {
    const chunks = new Map([['assets/index-1.js', chunk('assets/index-1.js', '/repo/web/src/main.tsx')]]);
    expect(() => composeShell(shell, chunks)).toThrow('src/app/on-demand.ts');
  });
});
