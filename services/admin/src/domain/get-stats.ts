import type { AdminStats } from '@app/contracts';
import type { Platform } from '../clients/platform.ts';

/** The dashboard's figures (spec §3 "Admin stats"), from the services that own the data. */
export async function getStats(platform: Platform): Promise<AdminStats> {
  const [users, ventures] = await Promise.all([platform.auth.stats(), platform.venture.stats()]);
  return {
    userCount: users.userCount,
    ventureCount: ventures.ventureCount,
    taskCount: ventures.taskCount,
    completedTaskCount: ventures.completedTaskCount,
  };
}
