import { RouterProvider } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AppProvider } from './provider';
import { createAppRouter, prerenderedHydrationData } from './router';
import { watchSessionEnded } from './session-ended';

interface AppProps {
  queryClient: QueryClient;
  /** The page's HTML was pre-rendered for a visitor and is being hydrated. */
  hydrating?: boolean;
}

export function App({ queryClient, hydrating = false }: AppProps) {
  const [router] = useState(() =>
    createAppRouter(queryClient, hydrating ? prerenderedHydrationData : undefined),
  );
  // A call that finds the session gone sends the user to sign in and back (issue 20).
  useEffect(() => watchSessionEnded(queryClient, (to) => router.navigate(to)), [queryClient, router]);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
