import type { RouteAnswer, RouteBody, ventureApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

export type UpdateVentureInput = RouteBody<typeof ventureApi.updateVenture> & { id: string };

/** Renames a venture or changes its description (spec §7); the answer is the whole venture. */
export function updateVenture({
  id,
  ...input
}: UpdateVentureInput): Promise<RouteAnswer<typeof ventureApi.updateVenture>> {
  return api.patch(`/api/ventures/${encodeURIComponent(id)}`, input);
}

export function useUpdateVenture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVenture,
    onSuccess: async (venture) => {
      // The roadmap shows the answer at once; the lists show the name and description too.
      queryClient.setQueryData(ventureQueryOptions(venture.id).queryKey, venture);
      await queryClient.invalidateQueries({ queryKey: venturesQueryOptions().queryKey });
    },
  });
}
