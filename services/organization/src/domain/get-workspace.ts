import { isOrgStaff, orgPermissionsOf, type Workspace } from '@app/contracts';
import { toOrganizationView, type Caller, type OrganizationContext } from './organization.ts';
import { workspaceFor } from './workspace.ts';

/** The workspace as its staff open it: the organization, the caller's role, what it may do, and counts. */
export async function getWorkspace(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<Workspace> {
  const { org, actor } = await workspaceFor(ctx, caller, userId, slug, 'openWorkspace');
  return {
    organization: toOrganizationView(org),
    myRole: actor.role,
    permissions: orgPermissionsOf(actor.role),
    counts: {
      members: org.members.filter((m) => isOrgStaff(m.role)).length,
      founders: org.members.filter((m) => m.role === 'founder').length,
      programs: org.programs.filter((p) => !p.archived).length,
    },
  };
}
