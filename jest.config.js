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
      testPathIgnorePatterns: ['/node_modules/', '\\.int\\.test\\.ts$', '\\.fault\\.test\\.ts$', '/web/e2e/'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/*.int.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      // Real processes, sockets and disks: a bound against hangs, not a speed goal (speed lives in
      // `npm run bench`). Generous so a loaded 2-core CI machine does not fail a correct test.
      testTimeout: 60_000,
    },
    {
      ...common,
      displayName: 'faults',
      // `npm run test:faults`: RELIABILITY.md "Faults", each case bounded (see the tests' own timeouts).
      testMatch: ['<rootDir>/**/*.fault.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      testTimeout: 120_000,
    },
  ],
};
