import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from './theme';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Server state, the antd theme, and antd's App context that `useNotify()` draws toasts from. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <AntApp notification={{ placement: 'topRight', maxCount: 4 }}>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
