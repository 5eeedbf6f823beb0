import { useMemo } from 'react';
import { requestToast, type ToastType } from './toast-store';
import { TOAST_SECONDS, type ToastOptions } from './toast-options';

export { TOAST_SECONDS, type ToastOptions } from './toast-options';

export interface Notify {
  success: (options: ToastOptions) => void;
  error: (options: ToastOptions) => void;
  info: (options: ToastOptions) => void;
}

function toaster(type: ToastType, defaultDuration: number) {
  return ({ title, description, duration = defaultDuration }: ToastOptions) =>
    requestToast({
      type,
      title,
      ...(description === undefined
        ? {}
        : { description: Array.isArray(description) ? description.join('\n') : (description as string) }),
      duration,
    });
}

/**
 * The one toast pipeline: antd notifications (title plus description) drawn by the layout's toast host,
 * so a toast outlives the page that raised it (e.g. "Logged out" after leaving the account page).
 */
export function useNotify(): Notify {
  return useMemo(
    () => ({
      success: toaster('success', TOAST_SECONDS.short),
      error: toaster('error', TOAST_SECONDS.long),
      info: toaster('info', TOAST_SECONDS.short),
    }),
    [],
  );
}
