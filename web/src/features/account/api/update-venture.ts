import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountVenture, VentureInput } from '../types';
import { ventureKeys } from './query-keys';

/** PATCH /api/ventures/{id}; answers the updated venture. */
export function updateVenture({ id, ...input }: VentureInput & { id: string }): Promise<AccountVenture> {
  return api.patch<AccountVenture>(`/api/ventures/${encodeURIComponent(id)}`, input);
}

export function useUpdateVenture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVenture,
    // The list and this venture's roadmap both show the name and description.
    onSuccess: (_venture, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ventureKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ventureKeys.detail(id) }),
      ]),
  });
}
