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
import { PLATFORM_ADMIN_ACTOR } from './white-label.ts';
import { auditEntry, changeOrganization } from './workspace.ts';

/**
 * The platform administrator changes the given fields only (the plan too); 404 for an unknown
 * organization, 409 on a taken slug or custom domain. `organization.updated` goes out in the same write,
 * and (issue 19) the organization's own audit log records the configuration change field by field as
 * `settings.updated` by "Platform administrator" (the admin service's log names the person).
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
        const diff: Record<string, { from: unknown; to: unknown }> = {};
        for (const [key, to] of Object.entries(changes)) {
          const from = org[key as keyof typeof changes];
          if (to !== undefined && from !== to) diff[key] = { from, to };
        }
        return {
          changes,
          events: [organizationUpdated(ctx, caller, next)],
          ...(Object.keys(diff).length > 0
            ? { audit: [auditEntry(ctx, PLATFORM_ADMIN_ACTOR, 'settings.updated', next.name, diff)] }
            : {}),
          result: toOrganizationView(next),
        };
      },
    ),
  );
}
