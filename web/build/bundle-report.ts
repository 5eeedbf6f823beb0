import { gzipSync, constants } from 'node:zlib';
import type { Logger, Plugin } from 'vite';
import { routeModules, type RouteModule } from './route-modules';

/** What the report needs of one emitted JavaScript chunk. */
export interface ChunkFacts {
  fileName: string;
  /** The module the chunk stands for (an entry or a dynamic import's target), if any. */
  facadeModuleId: string | null;
  isEntry: boolean;
  /** Chunks this one imports statically: the browser fetches them before running it. */
  imports: readonly string[];
  gzipBytes: number;
}

export interface RouteSize {
  route: RouteModule;
  files: string[];
  gzipBytes: number;
}

export interface BundleReport {
  reactGzipBytes: number;
  routes: RouteSize[];
}

/**
 * The landing page's initial JavaScript may weigh at most this many times React + ReactDOM (gzip), as issue 22
 * asks. Issue 21's i18n runtime (Lingui, about 3 kB gzip) had taken the landing page to 1.66; it is back at
 * 1.57 (103.7 kB against 66.0 kB): react-router's production build made tree-shakable, the entry's whole static
 * closure in one chunk, and the imports of the antd pages, the signed-in widgets and the legal pages in an
 * on-demand chunk of their own (vite.config.ts, src/app/on-demand.ts).
 */
export const LANDING_BUDGET_FACTOR = 1.6;

/** The name of the chunk that holds React, ReactDOM and the scheduler alone (see vite.config.ts). */
export const REACT_CHUNK_NAME = 'react';

export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** A chunk and every chunk it imports statically, transitively. */
export function staticClosure(chunks: ReadonlyMap<string, ChunkFacts>, start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`the bundle has no chunk ${file}`);
    seen.add(file);
    pending.push(...chunk.imports);
  }
  return seen;
}

function chunkOfModule(chunks: ReadonlyMap<string, ChunkFacts>, moduleSuffix: string): ChunkFacts {
  for (const chunk of chunks.values()) {
    if (chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix)) return chunk;
  }
  throw new Error(
    `no chunk is built from ${moduleSuffix}: is the route table in build/route-modules.ts current?`,
  );
}

/**
 * Per route, the JavaScript loaded before it shows: the entry with its static imports plus the route's
 * lazy chunk with its static imports.
 */
export function computeBundleReport(
  chunks: ReadonlyMap<string, ChunkFacts>,
  routes: readonly RouteModule[],
  reactChunkFile: string,
): BundleReport {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const shell = staticClosure(chunks, entries[0]!.fileName);
  const react = chunks.get(reactChunkFile);
  if (!react) throw new Error(`the bundle has no React chunk ${reactChunkFile}`);
  return {
    reactGzipBytes: react.gzipBytes,
    routes: routes.map((route) => {
      const files = new Set(shell);
      for (const module of route.modules) {
        for (const file of staticClosure(chunks, chunkOfModule(chunks, module).fileName)) files.add(file);
      }
      const sorted = [...files].sort();
      const gzipBytes = sorted.reduce((sum, file) => sum + chunks.get(file)!.gzipBytes, 0);
      return { route, files: sorted, gzipBytes };
    }),
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

export function formatBundleReport(report: BundleReport): string {
  const width = Math.max(...report.routes.map(({ route }) => route.label.length + route.path.length + 3));
  const lines = [
    `Initial JavaScript per route (gzip; React + ReactDOM alone: ${kb(report.reactGzipBytes)})`,
    ...report.routes.map(({ route, gzipBytes }) => {
      const name = `${route.label} (${route.path})`.padEnd(width);
      const ratio = (gzipBytes / report.reactGzipBytes).toFixed(2);
      return `  ${name}  ${kb(gzipBytes).padStart(9)}  ${ratio}× React`;
    }),
  ];
  return lines.join('\n');
}

/** Null when the landing page is within budget, else why not. */
export function landingBudgetProblem(report: BundleReport): string | null {
  const landing = report.routes.find(({ route }) => route.path === '/');
  if (!landing) return 'the report has no landing page route (/)';
  const limit = report.reactGzipBytes * LANDING_BUDGET_FACTOR;
  if (landing.gzipBytes <= limit) return null;
  return (
    `the landing page loads ${kb(landing.gzipBytes)} of JavaScript (gzip) before it shows, more than ` +
    `${LANDING_BUDGET_FACTOR}× React + ReactDOM (${kb(limit)}). Files: ${landing.files.join(', ')}`
  );
}

/**
 * Prints the per-route report after the client build and fails the build when the landing page's
 * initial JavaScript is over budget.
 */
export function bundleReport(routes: readonly RouteModule[] = routeModules): Plugin {
  let logger: Logger | null = null;
  return {
    name: 'venture-roadmap:bundle-report',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      logger = config.logger;
    },
    writeBundle(_options, bundle) {
      const chunks = new Map<string, ChunkFacts>();
      let reactChunkFile: string | null = null;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.set(output.fileName, {
          fileName: output.fileName,
          facadeModuleId: output.facadeModuleId,
          isEntry: output.isEntry,
          imports: output.imports,
          gzipBytes: gzipSize(output.code),
        });
        if (output.name === REACT_CHUNK_NAME) reactChunkFile = output.fileName;
      }
      if (reactChunkFile === null) this.error(`the build has no "${REACT_CHUNK_NAME}" chunk`);
      const report = computeBundleReport(chunks, routes, reactChunkFile);
      logger?.info(`\n${formatBundleReport(report)}`);
      const problem = landingBudgetProblem(report);
      if (problem !== null) this.error(problem);
    },
  };
}
