import type { RouteAnswer, ventureApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

/** DELETE /api/ventures/{id}. */
export function deleteVenture(id: string): Promise<RouteAnswer<typeof ventureApi.deleteVenture>> {
  return api.delete(`/api/ventures/${encodeURIComponent(id)}`);
}

export function useDeleteVenture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVenture,
    onSuccess: async (_answer, id) => {
      // The roadmap of a deleted venture is gone: drop it rather than refetch a 404.
      queryClient.removeQueries({ queryKey: ventureQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: venturesQueryOptions().queryKey });
    },
  });
}
