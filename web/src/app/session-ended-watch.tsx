import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { watchSessionEnded } from './session-ended';

/**
 * A call that finds the session gone sends the user to sign in and back (issue 20). Mounted while someone
 * is signed in (src/app/app.tsx), so visitors' pages never load it.
 */
export function SessionEndedWatch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The latest navigate, read when the session ends: subscribed once, not again on every navigation.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => watchSessionEnded(queryClient, (to) => navigateRef.current(to)), [queryClient]);
  return null;
}
