import {
  organizationErrors,
  organizationUpdated,
  rethrowSlugTaken,
  toOrganizationView,
  type Caller,
  type OrganizationChanges,
  type OrganizationContext,
  type OrganizationView,
} from './organization.ts';
import { changeOrganization } from './workspace.ts';

/**
 * The platform administrator changes the given fields only (the plan too); 404 for an unknown
 * organization, 409 on a taken slug. `organization.updated` goes out in the same write.
 */
export async function updateOrganization(
  ctx: OrganizationContext,
  caller: Caller,
  id: string,
  changes: OrganizationChanges,
): Promise<OrganizationView> {
  if (!ctx.organizations.isValidId(id)) throw organizationErrors.notFound();
  return rethrowSlugTaken(
    changeOrganization(
      ctx,
      () => ctx.organizations.findById(id),
      (org) => {
        const next = { ...org, ...changes };
        return {
          changes,
          events: [organizationUpdated(ctx, caller, next)],
          result: toOrganizationView(next),
        };
      },
    ),
  );
}
