import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import localRules from './web/build/eslint-no-untranslated-text.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/** web/src/features/<feature>: read from the disk, so a new feature is fenced in without touching this file. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every deployable's folder and package: none imports another's. */
const DEPLOYABLES = [
  ['gateway', '@app/gateway'],
  ...['auth', 'venture', 'organization', 'contact', 'admin', 'mailer'].map((s) => [
    `services/${s}`,
    `@app/${s}`,
  ]),
];

/** Packages no deployable's code loads: production images hold none of them (the engine's place is the runner and the tests). */
const NOT_DEPLOYED = ['@app/mongo-embedded', '@app/runner', '@app/testing', '@app/bench'].map((name) => ({
  name,
  message: `${name} is not part of a deployable; tests reach a database through @app/testing's startTestMongo.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'web/test-results/**',
      'web/playwright-report/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Boundaries (STYLE.md): packages are used only through their root entry point.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/*/*'], message: 'Import @app/<package> through its root entry point only.' },
          ],
        },
      ],
    },
  },
  // Boundaries (STYLE.md): a service or the gateway, tests included, never imports another deployable's
  // package (tests that need several services live in infra/suites/cross-service, see its README); what
  // runs in production never imports the embedded engine, the runner or the test library.
  ...[...DEPLOYABLES, ['services/common', '@app/common']].flatMap(([dir, pkg]) =>
    ['src', 'test'].map((tree) => ({
      files: [`${dir}/${tree}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              ...DEPLOYABLES.filter(([, other]) => other !== pkg).map(([, other]) => ({
                name: other,
                message: `${pkg} never imports ${other}: services meet over HTTP and events; a test that needs several services belongs in infra/suites/cross-service.`,
              })),
              ...(tree === 'src' ? NOT_DEPLOYED : NOT_DEPLOYED.filter(({ name }) => name !== '@app/testing')),
            ],
            patterns: [
              { group: ['@app/*/*'], message: 'Import @app/<package> through its root entry point only.' },
              {
                group: ['../../*/src/*', '../../../services/*', '../../../gateway/*'],
                message: 'Services never import each other; talk over HTTP or events.',
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    // @app/contracts is bundled into the web app as well: zod and its own files only, no Node API.
    files: ['contracts/src/**/*.ts'],
    ignores: ['contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\.\\.?/)',
              message: '@app/contracts is browser-safe: it imports zod and its own files only.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename', 'global'],
    },
  },
  {
    // The zod-free part of the contracts: the values a page shows (statuses, labels, limits, messages, fields)
    // and the rules it runs. A page that imports only these carries no schema and no zod (about 26 kB gzip).
    files: [
      'contracts/src/values/**/*.ts',
      'contracts/src/policy/**/*.ts',
      'contracts/src/{task-status,progress,limits,session-action}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.\\.?/)',
              message: 'This part of @app/contracts is zod-free: it imports only its own zod-free files.',
            },
            {
              group: ['**/schemas/*', '**/http/*', '**/events.ts'],
              allowTypeImports: true,
              message: 'A zod-free contract module may import a schema module only as a type (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...pluginQuery.configs['flat/recommended'].map((config) => ({
    ...config,
    files: ['web/src/**/*.{ts,tsx}'],
  })),
  {
    // Web layers (web/README.md "Layout"): app → features → entities → lib, components, config. Features never
    // import each other (src/app composes them); the shared layers import no feature and not the app.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message:
                'Features never import each other: compose them in src/app, or move what they share to src/entities.',
            })),
            {
              target: ['./web/src/entities', './web/src/lib', './web/src/components', './web/src/config'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared layers (entities, lib, components, config) never import a feature or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 21: every text people read goes through the message catalogues (web/src/i18n).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/testing/**'],
    plugins: { local: localRules },
    rules: { 'local/no-untranslated-text': 'error' },
  },
);
