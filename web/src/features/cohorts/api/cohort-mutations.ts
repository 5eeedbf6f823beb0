import type { ProgramVisibility, RouteAnswer, cohortApi } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ventureDetailKey } from '../../../entities/venture/venture-queries';
import { api } from '../../../lib/api-client';
import { cohortDashboardQueryOptions, enrolmentsQueryOptions } from './cohort-queries';

const enrolmentPath = (programId: string) => `/api/programs/${encodeURIComponent(programId)}/enrolment`;

/** The founder changes what the program sees (PATCH /api/programs/{id}/enrolment). */
export function useSetProgramVisibility(programId: string, ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: ProgramVisibility): Promise<RouteAnswer<typeof cohortApi.setEnrolment>> =>
      api.patch(enrolmentPath(programId), { visibility }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ventureDetailKey(ventureId) }),
        queryClient.invalidateQueries({ queryKey: enrolmentsQueryOptions().queryKey }),
      ]),
  });
}

/** The founder leaves the program (DELETE /api/programs/{id}/enrolment); the venture stays theirs. */
export function useLeaveProgram(programId: string, ventureId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<RouteAnswer<typeof cohortApi.leaveProgram>> =>
      api.delete(enrolmentPath(programId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ventureDetailKey(ventureId) }),
        queryClient.invalidateQueries({ queryKey: enrolmentsQueryOptions().queryKey }),
      ]),
  });
}

/** A program manager replaces a venture's mentors. */
export function useSetMentors(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ventureId, mentorIds }: { ventureId: string; mentorIds: string[] }) =>
      api.put<RouteAnswer<typeof cohortApi.setMentors>>(
        `/api/programs/${encodeURIComponent(programId)}/ventures/${encodeURIComponent(ventureId)}/mentors`,
        { mentorIds },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: cohortDashboardQueryOptions(programId).queryKey }),
  });
}

/** An assigned mentor verifies a done task, or takes it back. */
export function useTaskVerification(ventureId: string, taskId: string) {
  const queryClient = useQueryClient();
  const path = `/api/venture-tasks/${encodeURIComponent(taskId)}/verification`;
  return useMutation({
    mutationFn: (verified: boolean): Promise<RouteAnswer<typeof cohortApi.verifyTask>> =>
      verified ? api.post(path) : api.delete(path),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ventureDetailKey(ventureId) }),
  });
}
