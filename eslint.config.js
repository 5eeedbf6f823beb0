import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  {
    files: ['services/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/*/*'], message: 'Import @app/<package> through its root entry point only.' },
            {
              group: ['../../*/src/*', '../../../services/*'],
              message: 'Services never import each other; talk over HTTP or events.',
            },
          ],
        },
      ],
    },
  },
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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
