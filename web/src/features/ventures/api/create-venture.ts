import { IDEMPOTENCY_KEY_HEADER, type RouteAnswer, type RouteBody, type ventureApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { ventureQueryOptions } from './get-venture';
import { venturesQueryOptions } from './get-ventures';

/** What the venture form sends: the name and the description (POST /api/ventures, PATCH /api/ventures/{id}). */
export type VentureInput = RouteBody<typeof ventureApi.createVenture>;

/**
 * Creates a venture; the answer holds its id and its 50-task roadmap (spec §7). It takes the browser's time
 * zone (issue 17: "today" and due labels are the venture's), which its owners can change later.
 * `idempotencyKey` names the attempt (issue 20): sent again (a retry, a second click), the server answers the
 * same venture instead of a second one.
 */
export function createVenture({
  input,
  idempotencyKey,
}: {
  input: VentureInput;
  idempotencyKey: string;
}): Promise<RouteAnswer<typeof ventureApi.createVenture>> {
  return api.post(
    '/api/ventures',
    { timeZone: browserTimeZone(), ...input },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
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
