import './antd-static-styles';
import { ConfigProvider, notification } from 'antd';
import { useEffect } from 'react';
import { attachToastHost } from '../lib/toast-store';
import { theme } from './theme';

/** Below the sticky header (--header-height in global.css), so a toast never covers the avatar menu. */
const TOAST_TOP_PX = 80;

/** Draws the toasts `useNotify()` asks for (top right, at most four); mounted once by the layout. */
export function ToastHost() {
  const [api, holder] = notification.useNotification({
    placement: 'topRight',
    maxCount: 4,
    top: TOAST_TOP_PX,
  });

  useEffect(
    () =>
      attachToastHost(({ type, title, description, duration }) => {
        api[type]({
          title,
          description,
          duration,
          role: type === 'error' ? 'alert' : 'status',
          styles: { description: { whiteSpace: 'pre-line' } },
        });
      }),
    [api],
  );

  return <ConfigProvider theme={theme}>{holder}</ConfigProvider>;
}
