/** Toast durations in seconds (spec §9: toasts show for 3000 or 5000 ms). */
export const TOAST_SECONDS = { short: 3, long: 5 } as const;

/** What a toast says; shown by `useNotify()` from `./notify`. */
export interface ToastOptions {
  title: string;
  /** One line, or several shown one under another. */
  description?: string | readonly string[];
  /** Seconds; successes default to 3, errors to 5. */
  duration?: number;
}
