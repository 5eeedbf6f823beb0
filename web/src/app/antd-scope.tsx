import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useMemberBrand } from '../entities/member-brand/get-member-brand';
import { wantToastHost } from '../lib/toast-store';
import { brandTheme } from './brand-theme';
import { theme } from './theme';

/**
 * The antd theme and antd's App context (`App.useApp().modal`) around a page or widget that uses antd
 * components. Only those load antd: the landing and about pages stay free of it.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  // A page with antd components is likely to toast: the host loads now rather than at the first toast.
  useEffect(wantToastHost, []);
  // Issue 19: a member of an organization sees its colours (the platform's for everyone else).
  const brand = useMemberBrand();
  const themed = useMemo(() => brandTheme(theme, brand), [brand]);
  return (
    <ConfigProvider theme={themed}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
