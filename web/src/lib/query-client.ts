import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client';

/** Admin queries stay fresh for 60 000 ms (spec §4 "Data fetching"). */
export const ADMIN_STALE_TIME_MS = 60_000;

/** Spec §7: default data queries GET the path in the query key's first element. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(
      `The default query function needs an API path as the first query key element, got ${JSON.stringify(path)}`,
    );
  }
  return api.get<unknown>(path, { signal });
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Spec §4: never refetch on focus, never retry, fresh until invalidated.
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        retry: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
