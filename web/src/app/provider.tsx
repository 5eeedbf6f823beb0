import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Server state for the whole app. The antd theme is not here: pages and widgets built with antd render
 * inside `AntdScope` (see `antdPage`), and toasts come from the layout's toast host, so pages without
 * antd components never load antd. The language needs no provider (see `useT` in src/i18n).
 */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
