/** Helpers the engine benchmarks share. */

/** Seconds `fn` took. */
export async function timed(fn: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Runs `worker(0..total-1)` with `concurrency` calls in flight. */
export async function parallel(
  total: number,
  concurrency: number,
  worker: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await worker(next++);
    }),
  );
}
