/**
 * The queue between `useNotify()` and the toast host (src/app/toast-host.tsx). It holds no antd code, so
 * pages without antd components (the landing and about pages) do not load antd to be able to toast; the
 * host is loaded the first time a toast is asked for, or as soon as a page with antd components opens.
 */
export type ToastType = 'success' | 'error' | 'info';

export interface ToastRequest {
  type: ToastType;
  title: string;
  description?: string;
  /** Seconds. */
  duration: number;
}

type ShowToast = (toast: ToastRequest) => void;

let show: ShowToast | null = null;
let wanted = false;
const pending: ToastRequest[] = [];
const listeners = new Set<() => void>();

/** Asks the layout to mount the toast host (it loads antd's notification in the background). */
export function wantToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isToastHostWanted(): boolean {
  return wanted;
}

export function subscribeToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the toast now, or as soon as the host is mounted. */
export function requestToast(toast: ToastRequest): void {
  if (show) return show(toast);
  pending.push(toast);
  wantToastHost();
}

/** Called by the mounted host; the toasts asked for before it was ready show now, in order. */
export function attachToastHost(showToast: ShowToast): () => void {
  show = showToast;
  for (const toast of pending.splice(0)) showToast(toast);
  return () => {
    if (show === showToast) show = null;
  };
}
