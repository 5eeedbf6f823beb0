import { RouterProvider } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppProvider } from './provider';
import { createAppRouter, prerenderedHydrationData } from './router';

interface AppProps {
  queryClient: QueryClient;
  /** The page's HTML was pre-rendered for a visitor and is being hydrated. */
  hydrating?: boolean;
}

export function App({ queryClient, hydrating = false }: AppProps) {
  const [router] = useState(() =>
    createAppRouter(queryClient, hydrating ? prerenderedHydrationData : undefined),
  );
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
