import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountVenture, VentureInput } from '../types';
import { ventureKeys } from './query-keys';

/** POST /api/ventures; answers the venture with its id (and its 50 new tasks). */
export function createVenture(input: VentureInput): Promise<AccountVenture> {
  return api.post<AccountVenture>('/api/ventures', input);
}

export function useCreateVenture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVenture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ventureKeys.lists() }),
  });
}
