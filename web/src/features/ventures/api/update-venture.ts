import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { VentureDetail, VentureInput } from '../types';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

export interface UpdateVentureInput extends VentureInput {
  id: string;
}

/** Renames a venture or changes its description (spec §7); the answer is the whole venture. */
export function updateVenture({ id, ...input }: UpdateVentureInput): Promise<VentureDetail> {
  return api.patch<VentureDetail>(`/api/ventures/${encodeURIComponent(id)}`, input);
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
