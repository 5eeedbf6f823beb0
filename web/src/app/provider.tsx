import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Server state and the language (issue 21) for the whole app. The antd theme is not here: pages and widgets
 * built with antd render inside `AntdScope` (see `antdPage`), and toasts come from the layout's toast host, so
 * pages without antd components never load antd.
 */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}
