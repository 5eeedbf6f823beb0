// Test tiers by suffix (STYLE.md): *.test.ts unit, *.int.test.ts integration.
// TypeScript is transformed by SWC into ESM; run with --experimental-vm-modules.
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
      module: { type: 'es6' },
    },
  ],
};
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform,
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/.data/', '/dist/'],
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.test\\.ts$', '/web/e2e/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
