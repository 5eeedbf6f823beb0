import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { watchSessionEnded } from './session-ended';

interface AppProps {
  queryClient: QueryClient;
}

/** A call that finds the session gone sends the user to sign in and back (issue 20). */
function SessionEndedWatch({ queryClient }: AppProps) {
  const navigate = useNavigate();
  // The latest navigate, read when the session ends: subscribed once, not again on every navigation.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => watchSessionEnded(queryClient, (to) => navigateRef.current(to)), [queryClient]);
  return null;
}

export function App({ queryClient }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <SessionEndedWatch queryClient={queryClient} />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
