import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { wantToastHost } from '../lib/toast-store';
import { theme } from './theme';

/**
 * The antd theme and antd's App context (`App.useApp().modal`) around a page or widget that uses antd
 * components. Only those load antd: the landing and about pages stay free of it.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  // A page with antd components is likely to toast: the host loads now rather than at the first toast.
  useEffect(wantToastHost, []);
  return (
    <ConfigProvider theme={theme}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
