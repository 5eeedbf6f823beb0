import { AppError } from '@app/common';
import {
  canInOrg,
  diffTemplateTasks,
  isOrgStaff,
  type OrgAction,
  type OrgTemplate,
  type OrgTemplateTask,
  type RouteAnswer,
  type orgTemplateApi,
} from '@app/contracts';
import type { OrganizationEntry } from './institutions.ts';
import {
  customIdsOf,
  masterTemplateTasks,
  normalizeDraft,
  templateErrors,
  toTemplateTaskView,
  withCurrentMaster,
  type StoredTemplateTask,
  type TemplateVersionRecord,
} from './org-templates.ts';
import { orgRoleOf } from './staff-access.ts';
import { ventureEvent, type Caller, type TaskTemplateRecord, type VentureContext } from './venture.ts';

type VersionSummary = RouteAnswer<typeof orgTemplateApi.publish>;
type VersionView = RouteAnswer<typeof orgTemplateApi.getVersion>;

/**
 * The organization if the caller may do `action` in it: 404 `ORGANIZATION.NOT_FOUND` to anyone who is not
 * its staff (founders and outsiders), 403 `ORGANIZATION.FORBIDDEN` to staff whose role is too low. The
 * platform administrator acts as an org admin.
 */
async function organizationFor(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  slug: string,
  action: OrgAction,
): Promise<OrganizationEntry> {
  const organization = await ctx.institutions.organizationBySlug(slug);
  const role = organization ? await orgRoleOf(ctx, caller.correlationId, organization.id, userId) : null;
  if (!organization || !role || !isOrgStaff(role)) {
    throw AppError.notFound('Organization not found', 'ORGANIZATION.NOT_FOUND');
  }
  if (!canInOrg(role, action)) {
    throw AppError.forbidden('Your role in this organization does not allow this.', 'ORGANIZATION.FORBIDDEN');
  }
  return organization;
}

interface TemplateState {
  master: TaskTemplateRecord[];
  masterById: Map<number, TaskTemplateRecord>;
  versions: TemplateVersionRecord[];
  /** The draft with the master list's current tasks (the latest version, or the master list, until saved). */
  draft: StoredTemplateTask[];
  draftUpdatedAt: Date | null;
  /** What the draft is compared with: the latest version, or the master list. */
  base: StoredTemplateTask[];
}

async function stateOf(ctx: VentureContext, organizationId: string): Promise<TemplateState> {
  const [master, versions, stored] = await Promise.all([
    ctx.templates.list(),
    ctx.orgTemplates.versionsOf(organizationId),
    ctx.orgTemplates.draftOf(organizationId),
  ]);
  const base = withCurrentMaster(versions.at(-1)?.tasks ?? masterTemplateTasks(master), master);
  return {
    master,
    masterById: new Map(master.map((template) => [template.id, template])),
    versions,
    draft: stored ? withCurrentMaster(stored.tasks, master) : base,
    draftUpdatedAt: stored?.updatedAt ?? null,
    base,
  };
}

const viewOf = (tasks: readonly StoredTemplateTask[], masterById: ReadonlyMap<number, TaskTemplateRecord>) =>
  tasks.map((task) => toTemplateTaskView(task, masterById));

const sameTasks = (a: readonly StoredTemplateTask[], b: readonly StoredTemplateTask[]) =>
  JSON.stringify(a) === JSON.stringify(b);

function summaryOf(version: TemplateVersionRecord): VersionSummary {
  return {
    version: version.version,
    publishedAt: version.publishedAt.toISOString(),
    publishedBy: version.publishedBy,
    taskCount: version.tasks.filter((task) => !task.hidden).length,
    changes: version.changes,
  };
}

function templateView(organizationId: string, state: TemplateState): OrgTemplate {
  return {
    organizationId,
    draft: viewOf(state.draft, state.masterById),
    draftUpdatedAt: state.draftUpdatedAt?.toISOString() ?? null,
    draftChanged: !sameTasks(state.draft, state.base),
    pendingChanges: diffTemplateTasks(
      viewOf(state.base, state.masterById),
      viewOf(state.draft, state.masterById),
    ),
    versions: state.versions.map(summaryOf),
  };
}

/**
 * An organization's published versions, oldest first, for the organization service (an internal call: no
 * caller to check). An organization that never published, or that this service does not know, has none.
 */
export async function listPublishedTemplateVersions(
  ctx: VentureContext,
  organizationId: string,
): Promise<Array<{ version: number; publishedAt: string }>> {
  const versions = await ctx.orgTemplates.versionsOf(organizationId);
  return versions.map((v) => ({ version: v.version, publishedAt: v.publishedAt.toISOString() }));
}

/** The org admin's template: the draft and the published versions. */
export async function getOrgTemplate(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<OrgTemplate> {
  const organization = await organizationFor(ctx, caller, userId, slug, 'manageTemplates');
  return templateView(organization.id, await stateOf(ctx, organization.id));
}

/** Replaces the draft (see `normalizeDraft` for its rules). */
export async function saveTemplateDraft(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  slug: string,
  tasks: readonly OrgTemplateTask[],
): Promise<OrgTemplate> {
  const organization = await organizationFor(ctx, caller, userId, slug, 'manageTemplates');
  const state = await stateOf(ctx, organization.id);
  const known = customIdsOf([state.draft, ...state.versions.map((version) => version.tasks)]);
  const draft = await normalizeDraft(tasks, state.master, known, (count) =>
    ctx.orgTemplates.allocateTaskIds(count),
  );
  const updatedAt = ctx.clock();
  await ctx.orgTemplates.saveDraft(organization.id, { tasks: draft, updatedAt });
  return templateView(organization.id, { ...state, draft, draftUpdatedAt: updatedAt });
}

/**
 * Freezes the saved draft as the next version, with the list of what it changes against the previous one
 * (or the master list), audited as `template.published` in the same write.
 */
export async function publishTemplate(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<VersionSummary> {
  const organization = await organizationFor(ctx, caller, userId, slug, 'manageTemplates');
  const state = await stateOf(ctx, organization.id);
  if (sameTasks(state.draft, state.base)) throw templateErrors.unchanged();
  const number = (state.versions.at(-1)?.version ?? 0) + 1;
  const changes = diffTemplateTasks(
    viewOf(state.base, state.masterById),
    viewOf(state.draft, state.masterById),
  );
  const displayName = await actorName(ctx, caller, organization.id, userId);
  const version: TemplateVersionRecord = {
    organizationId: organization.id,
    version: number,
    tasks: state.draft,
    publishedAt: ctx.clock(),
    publishedBy: { userId, displayName },
    changes,
  };
  const published = await ctx.orgTemplates.publish(version, [
    ventureEvent(ctx, caller, 'organization.audit_recorded', {
      organizationId: organization.id,
      action: 'template.published',
      actor: { userId, displayName },
      target: `Template version ${number}`,
      details: {
        version: number,
        taskCount: version.tasks.filter((task) => !task.hidden).length,
        added: changes.added.map((task) => task.title),
        removed: changes.removed.map((task) => task.title),
        renamed: changes.renamed.map((task) => `${task.from} → ${task.to}`),
      },
    }),
  ]);
  if (!published) throw templateErrors.publishRace();
  return summaryOf(version);
}

/** One published version (the organization's staff: program managers see what their programs pin). */
export async function getTemplateVersion(
  ctx: VentureContext,
  caller: Caller,
  userId: string,
  slug: string,
  number: number,
): Promise<VersionView> {
  const organization = await organizationFor(ctx, caller, userId, slug, 'openWorkspace');
  const version = await ctx.orgTemplates.version(organization.id, number);
  if (!version) throw templateErrors.versionNotFound();
  const master = await ctx.templates.list();
  const masterById = new Map(master.map((template) => [template.id, template]));
  return { ...summaryOf(version), tasks: viewOf(version.tasks, masterById) };
}

async function actorName(
  ctx: VentureContext,
  caller: Caller,
  organizationId: string,
  userId: string,
): Promise<string> {
  return (
    (await ctx.institutions.membershipsOf(userId)).find((m) => m.organizationId === organizationId)
      ?.displayName ??
    (await ctx.owners.profileOf(userId, caller))?.displayName ??
    userId
  );
}
