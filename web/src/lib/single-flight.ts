import { useCallback, useRef } from 'react';

/**
 * One request per click (issue 20): wraps async actions so that a call made while an earlier one is still
 * running does nothing. A double-click on a submit button otherwise runs the form's `onFinish` twice: antd
 * validates asynchronously, and a button's `loading` state only applies after a render, so the second
 * click gets through before the button looks busy. Actions wrapped by the same hook share one flight.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(
    <Args extends unknown[]>(action: (...args: Args) => unknown) =>
      async (...args: Args): Promise<void> => {
        if (running.current) return;
        running.current = true;
        try {
          await action(...args);
        } finally {
          running.current = false;
        }
      },
    [],
  );
}

/** A fresh `Idempotency-Key` for one creation attempt (works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
