import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { AntdIslandScopeProvider } from '../components/antd-island/antd-island';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** `AntdScope`, loaded when an antd island first renders on a page without antd (the roadmap). */
const IslandScope = lazy(async () => {
  const { loadAntdScope } = await import('./on-demand');
  return { default: (await loadAntdScope()).AntdScope };
});

/**
 * Server state for the whole app. The antd theme is not here: pages and widgets built with antd render
 * inside `AntdScope` (see `antdPage`, and `AntdIsland` for a page's antd parts that load when wanted), and
 * toasts come from the layout's toast host, so pages without antd components never load antd. The language
 * needs no provider (see `useT` in src/i18n).
 */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdIslandScopeProvider value={IslandScope}>{children}</AntdIslandScopeProvider>
    </QueryClientProvider>
  );
}
