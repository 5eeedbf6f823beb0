import { useMemo } from 'react';
import { translate } from '../i18n/i18n';
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
    // Toasts often carry the server's or the contracts' English texts: each line reads in the active language
    // (a text already translated, or one without a translation, stays as it is).
    requestToast({
      type,
      title: translate(title),
      ...(description === undefined
        ? {}
        : {
            description: Array.isArray(description)
              ? description.map((line: string) => translate(line)).join('\n')
              : translate(description as string),
          }),
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
