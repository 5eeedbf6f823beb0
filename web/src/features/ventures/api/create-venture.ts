import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { VentureDetail, VentureInput } from '../types';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

/** Creates a venture; the answer holds its id and its 50-task roadmap (spec §7). */
export function createVenture(input: VentureInput): Promise<VentureDetail> {
  return api.post<VentureDetail>('/api/ventures', input);
}

export function useCreateVenture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVenture,
    onSuccess: async (venture) => {
      // The roadmap page opens next: it shows the answer at once instead of loading it again.
      queryClient.setQueryData(ventureQueryOptions(venture.id).queryKey, venture);
      await queryClient.invalidateQueries({ queryKey: venturesQueryOptions().queryKey });
    },
  });
}
