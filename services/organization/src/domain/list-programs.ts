import type { Program } from '@app/contracts';
import type { Caller, OrganizationContext } from './organization.ts';
import { programsInOrder } from './programs.ts';
import { workspaceFor } from './workspace.ts';

/** Staff who may view programs: every program with its enrolled founders, archived ones last. */
export async function listPrograms(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<Program[]> {
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'viewPrograms');
  return programsInOrder(org, await ctx.enrolments.counts(org.id));
}
