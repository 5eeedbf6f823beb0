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
  moduleNameMapper: { '\\.css$': '<rootDir>/infra/testing/jest/style-stub.js' },
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.test\\.ts$', '\\.fault\\.test\\.ts$', '/web/e2e/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      // Real processes, sockets and disks: a 60 s bound against hangs, generous so a loaded 2-core CI
      // machine does not fail a correct test (jest ignores `testTimeout` inside a project).
      setupFilesAfterEnv: ['<rootDir>/infra/testing/jest/timeout-integration.js'],
    },
    {
      ...common,
      displayName: 'faults',
      // `npm run test:faults`: RELIABILITY.md "Faults", each case bounded (120 s unless the test says less).
      testMatch: ['<rootDir>/**/*.fault.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      setupFilesAfterEnv: ['<rootDir>/infra/testing/jest/timeout-faults.js'],
    },
  ],
};
