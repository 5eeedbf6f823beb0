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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
