import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every deployable's folder and package: none imports another's. */
const DEPLOYABLES = [
  ['gateway', '@app/gateway'],
  ...['auth', 'venture', 'organization', 'contact', 'admin', 'mailer'].map((s) => [
    `services/${s}`,
    `@app/${s}`,
  ]),
];

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
  // package; tests that need several services live in infra/suites/cross-service (see its README).
  ...DEPLOYABLES.map(([dir, pkg]) => ({
    files: [`${dir}/src/**/*.ts`, `${dir}/test/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: DEPLOYABLES.filter(([, other]) => other !== pkg).map(([, other]) => ({
            name: other,
            message: `${pkg} never imports ${other}: services meet over HTTP and events; a test that needs several services belongs in infra/suites/cross-service.`,
          })),
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
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
