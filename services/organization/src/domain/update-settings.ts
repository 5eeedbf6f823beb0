import type { WhiteLabelField, WorkspaceOrganization } from '@app/contracts';
import {
  organizationUpdated,
  rethrowSlugTaken,
  toOrganizationView,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
} from './organization.ts';
import { actorIn, actorOf, auditEntry, changeOrganization, profileOrUnauthorized } from './workspace.ts';

export type SettingsChanges = Partial<
  Pick<
    OrganizationRecord,
    'name' | 'logoUrl' | 'primaryColor' | 'secondaryColor' | 'description' | WhiteLabelField
  >
>;

/** The fields that differ, each as `{ from, to }` (the audit entry's details). */
export function settingsDiff(
  org: OrganizationRecord,
  changes: SettingsChanges,
): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(changes) as Array<[keyof SettingsChanges, unknown]>) {
    if (to !== undefined && org[key] !== to) diff[key] = { from: org[key], to };
  }
  return diff;
}

/**
 * An org admin changes the workspace settings (name, description, logo, colours): audited field by field
 * as `settings.updated`, with `organization.updated`. Nothing different → nothing written.
 */
export async function updateSettings(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  changes: SettingsChanges,
): Promise<WorkspaceOrganization> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  // Issue 19: a custom domain another organization has is a 409.
  return rethrowSlugTaken(
    changeOrganization(
      ctx,
      () => ctx.organizations.findBySlug(slug),
      (org) => {
        const actor = actorIn(org, profile, 'editSettings');
        const diff = settingsDiff(org, changes);
        const fields = Object.fromEntries(Object.entries(diff).map(([key, { to }]) => [key, to]));
        const next = { ...org, ...fields };
        if (Object.keys(diff).length === 0)
          return { changes: {}, events: [], result: toOrganizationView(org) };
        return {
          changes: fields,
          events: [organizationUpdated(ctx, caller, next)],
          audit: [auditEntry(ctx, actorOf(actor), 'settings.updated', org.name, diff)],
          result: toOrganizationView(next),
        };
      },
    ),
  );
}
