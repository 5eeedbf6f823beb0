import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyles } from './build/antd-styles';
import { bundleReport, REACT_CHUNK_NAME } from './build/bundle-report';
import { englishMessages } from './build/english-messages';
import { prerenderPages } from './build/prerender-pages';

/** An icon definition (`@ant-design/icons-svg`) by name, e.g. `TeamOutlined`. */
function iconDefinitions(names: readonly string[]): RegExp {
  return new RegExp(`@ant-design[\\\\/]icons-svg[\\\\/]es[\\\\/]asn[\\\\/](${names.join('|')})\\.js$`);
}

/** The icons the landing page and the header draw with SvgIcon (src/components/svg-icon.tsx). */
const LANDING_ICONS = iconDefinitions([
  ...['Aim', 'Appstore', 'BarChart', 'Calendar', 'Read', 'Team', 'Check', 'MinusCircle'].map(
    (name) => `${name}Outlined`,
  ),
  ...['CheckCircle', 'ClockCircle', 'Star'].map((name) => `${name}Filled`),
]);

/** The other icons of the public pages (about, contact, enterprise). */
const MARKETING_ICONS = iconDefinitions(
  [
    'Bulb',
    'Eye',
    'Trophy',
    'ClockCircle',
    'Environment',
    'Mail',
    'Phone',
    'BgColors',
    'Cluster',
    'CustomerService',
    'Layout',
    'SafetyCertificate',
  ].map((name) => `${name}Outlined`),
);

/**
 * The plain versions of antd's Alert and Progress (src/components/plain-*) with the alert's icons, which antd's
 * own alerts and toasts share: in a group of their own, not in antd-core, where they would take a page
 * without antd (the roadmap, issue 22) back to antd's core chunk.
 */
const PLAIN_UI = new RegExp(
  `src[\\/]components[\\/]plain-(alert|progress)[\\/]|${iconDefinitions(['InfoCircleFilled', 'ExclamationCircleFilled', 'CloseCircleFilled', 'CheckCircleFilled']).source}`,
);

/**
 * The plain forms (src/components/plain-form) and what every page that changes something needs (the toasts'
 * helpers, react-query's mutations, the contracts' limits), as two files instead of seven: on a page that is
 * not pre-rendered (/org/{slug}) each file was another round trip before its first contentful view. The antd
 * pages load the second only.
 */
const PLAIN_FORMS = /src[\\/]components[\\/]plain-form[\\/]/;
const MUTATIONS =
  /src[\\/]lib[\\/](notify|toast-options|single-flight)\.ts$|@tanstack[\\/](query-core[\\/]build[\\/]modern[\\/]mutationObserver|react-query[\\/]build[\\/]modern[\\/]useMutation)\.js$|contracts[\\/]src[\\/]limits\.ts$/;

/**
 * An organization's branded registration (/org/{slug}): the page, its form and the branded card, in one file
 * (the admin's preview of the card loads it too). Not the brand's colours (the contracts' brand-colors.ts, a
 * group of their own), which a member's roadmap reads too: with the card they took its files to the roadmap.
 */
const BRANDED_REGISTRATION =
  /src[\\/]features[\\/]organizations[\\/](components|api)[\\/]|src[\\/]features[\\/]organizations[\\/]organization-messages\.ts$|src[\\/]components[\\/]branded-registration[\\/]branded-registration\.tsx$/;

/**
 * What nearly every antd page needs (the style engine, the theme, the config provider, the common
 * components and their helpers): one chunk instead of dozens of small ones, so an antd page loads a few
 * files and the route table's preload lists stay short.
 */
const ANTD_CORE =
  /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]|@rc-component[\\/](util|motion|resize-observer|portal|trigger|context)[\\/]|antd[\\/]es[\\/](config-provider|theme|_util|locale|style|app|button|space|message|notification|modal|grid|form|input|spin|tooltip|popover|dropdown|menu)[\\/]|stylis|@emotion)/;

/** Chunks the entry loads itself (see the groups below), never worth listing among a page's preloads. */
const ALWAYS_LOADED = new RegExp(`(^|/)(${REACT_CHUNK_NAME}|rolldown-runtime)-[\\w-]+\\.js$`);

/**
 * react-router publishes a production build beside the development one (they differ only in
 * `ENABLE_DEV_WARNINGS = false`), but its package exports name no condition that selects it, so Vite
 * resolves the development build, dev-only warnings and their strings included. A production build
 * resolves the package's two entry points to their production twins.
 */
function reactRouterProductionBuild() {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const build = path.join(packageDir, 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(build, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(build, 'dom-export.mjs') },
  ];
}

/**
 * react-router's production build, made tree-shakable. It names its components and contexts for React DevTools
 * in top-level statements (`NavLink.displayName = "NavLink";`) and creates them with calls a bundler cannot
 * know to be pure (`var NavLink = React10.forwardRef(…)`), so every one of them was kept, used or not: NavLink,
 * Form, the data router's contexts and the hooks behind them reached the landing page (1.8 kB gzip). The build
 * drops those lines and marks those calls pure (`createContext`, `forwardRef` and `memo` have no side effects),
 * and tree-shaking drops what the app does not use. Every line keeps its number; on a marked line, the source
 * map's columns after the mark are off by its 16 characters.
 */
function treeShakableReactRouter(): Plugin {
  return {
    name: 'venture-roadmap:tree-shakable-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler(code) {
        const withoutNames = code.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return {
          code: withoutNames.replace(
            /^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm,
            '$1/* @__PURE__ */ $2',
          ),
          map: null,
        };
      },
    },
  };
}

// The gateway (the platform's only public entry) listens on 3000 in development.
const gateway = 'http://127.0.0.1:3000';
const proxy = { '/api': { target: gateway } };

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    englishMessages(),
    react(),
    antdStaticStyles(),
    treeShakableReactRouter(),
    bundleReport(),
    prerenderPages(),
  ],
  // The dev server keeps react-router's development warnings.
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports preloads modules natively (Chrome 66, Firefox 115, Safari 17); one
    // that does not still loads them, on demand.
    modulePreload: {
      polyfill: false,
      // The entry has already loaded React and the runtime: a page's preload list leaves them out.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and ReactDOM in a chunk of their own: cached across releases, and the yardstick of the
          // build's per-route JavaScript report (build/bundle-report.ts).
          // A module goes to the first group (by priority) that matches it; a group also takes the modules
          // only it uses. Public pages must never reach antd-core (the build's report would show it).
          groups: [
            {
              name: REACT_CHUNK_NAME,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 5,
            },
            // Everything else the entry imports statically (the router, the reading half of react-query,
            // Lingui, the app's layout and route table) in the entry's own chunk: one file compresses better
            // than several (issue 22: the landing page's budget; the router and react-query in a `shell`
            // chunk beside the entry, and Lingui in a third, cost the landing 1.0 kB gzip). What only lazy
            // pages import (mutations, infinite lists) stays with them.
            { name: 'index', tags: ['$initial'], priority: 4 },
            // With the component that draws them: the landing page loads one small file for its icons.
            {
              name: 'landing-icons',
              test: (id: string) =>
                LANDING_ICONS.test(id) || /src[\\/]components[\\/]svg-icon\.tsx$/.test(id),
              priority: 2,
            },
            { name: 'marketing-icons', test: MARKETING_ICONS, priority: 2 },
            { name: 'plain-ui', test: PLAIN_UI, priority: 2 },
            { name: 'plain-forms', test: PLAIN_FORMS, priority: 2 },
            { name: 'mutations', test: MUTATIONS, priority: 2 },
            { name: 'branded-registration', test: BRANDED_REGISTRATION, priority: 2 },
            // Before the registration's group, which would take them along as its card's dependency.
            { name: 'brand-colors', test: /contracts[\\/]src[\\/]values[\\/]brand-colors\.ts$/, priority: 3 },
            // antd's rules for the app's components (build/antd-styles.ts), 40 kB brotli: a file of their own,
            // which changes only with antd or the list of components, so a returning user keeps it cached.
            { name: 'antd-component-styles', test: /virtual:antd-component-styles$/, priority: 2 },
            { name: 'antd-core', test: ANTD_CORE, priority: 1 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
}));
