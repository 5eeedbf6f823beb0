import { App } from 'antd';
import { useMemo } from 'react';
import { TOAST_SECONDS, type ToastOptions } from './toast-options';

export { TOAST_SECONDS, type ToastOptions } from './toast-options';

export interface Notify {
  success: (options: ToastOptions) => void;
  error: (options: ToastOptions) => void;
  info: (options: ToastOptions) => void;
}

/** The one toast pipeline: antd's notification from `App.useApp()`, title plus description. */
export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show =
      (type: 'success' | 'error' | 'info', defaultDuration: number) =>
      ({ title, description, duration = defaultDuration }: ToastOptions) => {
        notification[type]({
          title,
          description: Array.isArray(description) ? description.join('\n') : description,
          duration,
          role: type === 'error' ? 'alert' : 'status',
          styles: { description: { whiteSpace: 'pre-line' } },
        });
      };
    return {
      success: show('success', TOAST_SECONDS.short),
      error: show('error', TOAST_SECONDS.long),
      info: show('info', TOAST_SECONDS.short),
    };
  }, [notification]);
}
