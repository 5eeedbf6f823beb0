import { startTransition, useEffect, useState } from 'react';
import type { CategoryGroup } from './progress';

/**
 * The tasks the roadmap renders with its first paint (issue 22): none. The venture's name, description and
 * progress paint first (on a phone the first card is below the fold anyway); the cards follow in batches
 * from the next idle moment, below what is already shown, so nothing shifts.
 */
export const FIRST_TASKS = 0;

/** Tasks rendered per batch after the first paint: small enough that no batch's commit is a long task. */
export const TASK_BATCH = 8;

/**
 * The first `count` tasks of the groups, in order: the groups after the last revealed task are left out,
 * the group it falls in is cut short. Each group's figures stay the whole category's.
 */
export function revealedGroups(groups: readonly CategoryGroup[], count: number): CategoryGroup[] {
  const revealed: CategoryGroup[] = [];
  let left = count;
  for (const group of groups) {
    if (left <= 0) break;
    revealed.push(group.tasks.length <= left ? group : { ...group, tasks: group.tasks.slice(0, left) });
    left -= group.tasks.length;
  }
  return revealed;
}

/** Runs `callback` when the browser is idle (after it has painted), or on the next turn where it cannot say. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    // The timeout keeps a busy page from waiting long for the rest of its roadmap.
    const handle = window.requestIdleCallback(callback, { timeout: 200 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 0);
  return () => window.clearTimeout(handle);
}

/**
 * How many of `total` items to render: `first` at once, then `batch` more whenever the browser is idle,
 * each batch as a transition (rendered in slices that yield to input, and interrupted by it) until all are.
 * Fifty task cards rendered in one go were the roadmap's longest task (about 1.4 s on a throttled phone).
 */
export function useProgressiveCount(total: number, first = FIRST_TASKS, batch = TASK_BATCH): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    return whenIdle(() => startTransition(() => setCount((current) => current + batch)));
  }, [count, total, batch]);
  return Math.min(count, total);
}
