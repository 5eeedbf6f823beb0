import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { VentureDetail, VentureInput } from '../types';
import { ventureKeys } from './venture-keys';

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
      queryClient.setQueryData(ventureKeys.detail(venture.id), venture);
      await queryClient.invalidateQueries({ queryKey: ventureKeys.lists() });
    },
  });
}
