// `npm test`: every tier in order, stopping at the first failure.
// Typecheck and lint first (cheap), then unit, integration, fault and browser tests, then Lighthouse.
import { spawnSync } from 'node:child_process';

const steps: Array<[string, string[]]> = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit tests', ['run', 'test:unit']],
  ['integration tests', ['run', 'test:int']],
  ['fault tests', ['run', 'test:faults']],
  ['browser tests', ['run', 'test:e2e']],
  // After the browser tests, which have just built web/dist.
  ['lighthouse', ['run', 'lighthouse']],
];

for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s ===`);
}
