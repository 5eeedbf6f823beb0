// `npm test`: every tier in order, stopping at the first failure.
// Typecheck and lint first (cheap, and run side by side: each is one process on one core), then unit,
// integration, fault and browser tests, then Lighthouse.
import { spawn } from 'node:child_process';

type Step = [name: string, args: string[]];

// Each entry runs after the one before has passed; the steps of one entry run at the same time.
const stages: Step[][] = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
  ],
  [['unit tests', ['run', 'test:unit']]],
  [['integration tests', ['run', 'test:int']]],
  [['fault tests', ['run', 'test:faults']]],
  [['browser tests', ['run', 'test:e2e']]],
  // After the browser tests, which have just built web/dist.
  [['lighthouse', ['run', 'lighthouse']]],
];

interface Outcome {
  name: string;
  status: number;
  seconds: string;
}

/**
 * One step alone writes straight to the terminal; steps side by side keep their output until they end,
 * so each step's output reads in one piece.
 */
function run([name, args]: Step, alone: boolean): Promise<Outcome> {
  const started = Date.now();
  const child = spawn('npm', args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(output).toString()}`);
      resolve({ name, status: code ?? 1, seconds });
    });
  });
}

for (const stage of stages) {
  const names = stage.map(([name]) => name);
  console.log(
    stage.length === 1 ? `\n=== ${names[0]} ===` : `\n=== ${names.join(' and ')}, side by side ===`,
  );
  const outcomes = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  for (const { name, status, seconds } of outcomes) {
    if (status === 0) console.log(`=== ${name} passed in ${seconds}s ===`);
    else console.error(`\n${name} failed after ${seconds}s`);
  }
  const failed = outcomes.find(({ status }) => status !== 0);
  if (failed) process.exit(failed.status);
}
