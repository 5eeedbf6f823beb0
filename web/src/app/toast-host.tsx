import { ConfigProvider, notification } from 'antd';
import { useEffect } from 'react';
import { attachToastHost } from '../lib/toast-store';
import { theme } from './theme';

/** Draws the toasts `useNotify()` asks for (top right, at most four); mounted once by the layout. */
export function ToastHost() {
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 4 });

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
