import {
  computeBundleReport,
  formatBundleReport,
  landingBudgetProblem,
  staticClosure,
  type ChunkFacts,
} from './bundle-report';
import type { RouteModule } from './route-modules';

function chunk(
  fileName: string,
  gzipBytes: number,
  imports: string[] = [],
  facade: string | null = null,
): ChunkFacts {
  return { fileName, gzipBytes, imports, facadeModuleId: facade, isEntry: fileName === 'entry.js' };
}

function bundle(...chunks: ChunkFacts[]): Map<string, ChunkFacts> {
  return new Map(chunks.map((entry) => [entry.fileName, entry]));
}

const landing: RouteModule = { label: 'landing', path: '/', modules: ['src/landing.tsx'] };
const admin: RouteModule = { label: 'admin', path: '/admin', modules: ['src/admin.tsx', 'src/antd.tsx'] };

const chunks = bundle(
  chunk('entry.js', 10_000, ['react.js', 'router.js'], '/repo/web/src/main.tsx'),
  chunk('react.js', 60_000),
  chunk('router.js', 20_000, ['react.js']),
  chunk('landing.js', 5_000, ['icons.js'], '/repo/web/src/landing.tsx'),
  chunk('icons.js', 1_000),
  chunk('admin.js', 30_000, ['antd-core.js'], '/repo/web/src/admin.tsx'),
  chunk('antd.js', 2_000, ['antd-core.js'], '/repo/web/src/antd.tsx'),
  chunk('antd-core.js', 100_000, ['react.js']),
);

describe('staticClosure', () => {
  it('when a chunk imports others, then it holds them all, transitively and once', () => {
    expect([...staticClosure(chunks, 'entry.js')].sort()).toEqual(['entry.js', 'react.js', 'router.js']);
  });

  it('when an import is missing from the bundle, then it fails', () => {
    expect(() => staticClosure(bundle(chunk('entry.js', 1, ['gone.js'])), 'entry.js')).toThrow('gone.js');
  });
});

describe('computeBundleReport', () => {
  it('when a route has lazy chunks, then it counts the entry, those chunks and their static imports once each', () => {
    const report = computeBundleReport(chunks, [landing, admin], 'react.js');
    expect(report.reactGzipBytes).toBe(60_000);
    expect(report.routes[0]).toMatchObject({
      gzipBytes: 10_000 + 60_000 + 20_000 + 5_000 + 1_000,
      files: ['entry.js', 'icons.js', 'landing.js', 'react.js', 'router.js'],
    });
    expect(report.routes[1]!.gzipBytes).toBe(10_000 + 60_000 + 20_000 + 30_000 + 2_000 + 100_000);
  });

  it('when a listed module has no chunk, then it fails naming the module', () => {
    const stale: RouteModule = { label: 'old', path: '/old', modules: ['src/removed.tsx'] };
    expect(() => computeBundleReport(chunks, [stale], 'react.js')).toThrow('src/removed.tsx');
  });

  it('when the React chunk is missing, then it fails', () => {
    expect(() => computeBundleReport(chunks, [landing], 'nope.js')).toThrow('nope.js');
  });
});

describe('landingBudgetProblem', () => {
  it('when the landing page loads 1.6× React exactly (issue 22), then there is no problem', () => {
    // 10,000 + 60,000 + 20,000 + 5,000 + 1,000 = 96,000 = 1.6 × 60,000.
    expect(landingBudgetProblem(computeBundleReport(chunks, [landing], 'react.js'))).toBeNull();
  });

  it('when the landing page loads one byte more than 1.6× React, then the problem names the sizes and files', () => {
    const heavy = bundle(
      ...chunks.values(),
      chunk('landing.js', 5_001, ['icons.js'], '/repo/web/src/landing.tsx'),
    );
    const problem = landingBudgetProblem(computeBundleReport(heavy, [landing], 'react.js'));
    expect(problem).toContain('1.6× React + ReactDOM');
    expect(problem).toContain('landing.js');
  });

  it('when the report has no landing page, then that is the problem', () => {
    expect(landingBudgetProblem(computeBundleReport(chunks, [admin], 'react.js'))).toContain('no landing');
  });
});

describe('formatBundleReport', () => {
  it('prints one line per route with its gzip size and its ratio to React', () => {
    const text = formatBundleReport(computeBundleReport(chunks, [landing, admin], 'react.js'));
    expect(text).toContain('React + ReactDOM alone: 58.6 kB');
    expect(text).toMatch(/landing \(\/\)\s+93\.8 kB\s+1\.60× React/);
    expect(text).toMatch(/admin \(\/admin\)\s+216\.8 kB\s+3\.70× React/);
  });
});
