import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useSessionUser } from '../entities/session-user/get-session-user';
import { LanguageSync } from './language-sync';
import { onDemandPage } from './lazy-page';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

interface AppProps {
  queryClient: QueryClient;
}

const SessionEndedWatch = onDemandPage('SessionEndedWatch');

/** Only a signed-in user's session can end under them (issue 20). */
function SignedInWatches() {
  const { data: user } = useSessionUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedWatch />
    </Suspense>
  );
}

export function App({ queryClient }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <LanguageSync />
        <SignedInWatches />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
