import { Suspense, useSyncExternalStore } from 'react';
import { isToastHostWanted, subscribeToastHost } from '../../lib/toast-store';
import { onDemandPage } from '../lazy-page';

const ToastHost = onDemandPage('ToastHost');

/** Mounts the toast host once a toast is asked for or a page with antd components opens. */
export function ToastSlot() {
  const wanted = useSyncExternalStore(subscribeToastHost, isToastHostWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
