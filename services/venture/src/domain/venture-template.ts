import {
  isCustomTaskId,
  type Language,
  type TemplateUpdatePreview,
  type VentureTaskGuide,
} from '@app/contracts';
import { findTaskGuide, taskTextIn } from '../content/task-guides.ts';
import { withStandardPrerequisites } from '../content/task-prerequisites.ts';
import { ventureFor } from './access.ts';
import type { TemplateSource, TemplateTaskSeed } from './institutions.ts';
import { templateErrors, type OrgTemplateStore, type StoredTemplateTask } from './org-templates.ts';
import {
  categoryOrDefault,
  ventureErrors,
  type TaskTemplateRecord,
  type TaskTemplateRepository,
  type TaskText,
  type VentureContext,
  type VentureRecord,
  type VentureTaskRecord,
  type VentureTemplateRef,
} from './venture.ts';

/*
 * Issue 18: roadmaps that follow an organization template version. A venture stores its tasks' ids,
 * statuses, dates and assignees; titles, descriptions, categories, order and guides come from the version
 * (and, for tasks the organization did not rename, from the master list's current text).
 */

/** A version's task with its text resolved against the master list. */
export interface ResolvedTemplateTask extends TemplateTaskSeed {
  hidden: boolean;
  guide: StoredTemplateTask['guide'];
  /** False for a standard task an administrator deleted from the master list since (no text to show). */
  known: boolean;
}

function resolve(tasks: readonly StoredTemplateTask[], text: TaskText): ResolvedTemplateTask[] {
  return tasks.map((task) => ({
    taskId: task.taskId,
    title: task.title ?? text.get(task.taskId)?.title ?? '',
    description: task.description ?? text.get(task.taskId)?.description ?? '',
    category: categoryOrDefault(task.category),
    hidden: task.hidden,
    guide: task.guide,
    known: task.title !== null || text.has(task.taskId),
  }));
}

/** Every task of a version (hidden ones too), in order; null when the version does not exist. */
export async function versionTasks(
  orgTemplates: OrgTemplateStore,
  templates: TaskTemplateRepository,
  ref: VentureTemplateRef,
): Promise<ResolvedTemplateTask[] | null> {
  const version = await orgTemplates.version(ref.organizationId, ref.version);
  if (!version) return null;
  return resolve(version.tasks, await templates.textById());
}

/** What the venture repository reads a following roadmap's tasks with (`templateText`). */
export async function versionText(
  orgTemplates: OrgTemplateStore,
  templates: TaskTemplateRepository,
  ref: VentureTemplateRef,
): Promise<TaskText | null> {
  const tasks = await versionTasks(orgTemplates, templates, ref);
  if (!tasks) return null;
  // A task whose master text is gone keeps its place; the venture's stored copy names it.
  return new Map(
    tasks.map((task, position) => [
      task.taskId,
      task.known
        ? { title: task.title, description: task.description, category: task.category, position }
        : { title: '', description: '', position },
    ]),
  );
}

/** The organization templates as the `TemplateSource` roadmaps are built from. */
export function templateSourceOf(
  orgTemplates: OrgTemplateStore,
  templates: TaskTemplateRepository,
): TemplateSource {
  return {
    async tasksOf(organizationId, version) {
      const tasks = await versionTasks(orgTemplates, templates, { organizationId, version });
      return (
        tasks
          ?.filter((task) => !task.hidden && task.known)
          .map(({ hidden: _, guide: __, known: ___, ...seed }) => seed) ?? null
      );
    },
  };
}

/** New `todo` tasks for these seeds, with the standard prerequisites among them. */
export function tasksFromSeeds(
  ctx: VentureContext,
  seeds: ReadonlyArray<{ taskId: number; title: string; description: string; category: string }>,
): VentureTaskRecord[] {
  return withStandardPrerequisites(
    seeds.map((seed) => ({
      id: ctx.ventures.newId(),
      taskId: seed.taskId,
      title: seed.title,
      description: seed.description,
      category: categoryOrDefault(seed.category),
      status: 'todo' as const,
      assigneeId: null,
      startDate: null,
      dueDate: null,
      completedAt: null,
      prerequisiteIds: [],
    })),
  );
}

/**
 * The roadmap a new venture of this program gets: the pinned version's visible tasks, or null (the master
 * list) when the program pins none or the version does not exist.
 */
export async function pinnedRoadmap(
  ctx: VentureContext,
  pinned: VentureTemplateRef | null,
): Promise<{ template: VentureTemplateRef; tasks: VentureTaskRecord[] } | null> {
  if (!pinned) return null;
  const seeds = await templateSourceOf(ctx.orgTemplates, ctx.templates).tasksOf(
    pinned.organizationId,
    pinned.version,
  );
  return seeds ? { template: pinned, tasks: tasksFromSeeds(ctx, seeds) } : null;
}

// ---- Taking a newer version ----------------------------------------------------------------------------

interface UpdatePlan {
  preview: TemplateUpdatePreview;
  to: VentureTemplateRef;
  removeTaskIds: number[];
  restoreTaskIds: number[];
  add: VentureTaskRecord[];
}

/**
 * What taking the version the venture's program pins would do; 404 `TEMPLATE.UP_TO_DATE` when the program
 * pins none, or one the venture already follows (or an older one).
 */
async function planUpdate(ctx: VentureContext, venture: VentureRecord): Promise<UpdatePlan> {
  const enrolment = await ctx.institutions.enrolmentOfVenture(venture.id);
  const program = enrolment ? await ctx.institutions.programById(enrolment.programId) : null;
  const followed = venture.template ?? null;
  if (
    !program ||
    program.templateVersion === null ||
    (followed?.organizationId === program.organizationId && followed.version >= program.templateVersion)
  ) {
    throw templateErrors.upToDate();
  }
  const to = { organizationId: program.organizationId, version: program.templateVersion };
  const target = await versionTasks(ctx.orgTemplates, ctx.templates, to);
  if (!target) throw templateErrors.versionNotFound();
  const visible = target.filter((task) => !task.hidden && task.known);
  const visibleIds = new Set(visible.map((task) => task.taskId));
  const current = new Map(venture.tasks.map((task) => [task.taskId, task]));
  const parked = new Set(await ctx.ventures.parkedTaskIds(venture.id));
  const addedSeeds = visible.filter((task) => !current.has(task.taskId));
  const removed = venture.tasks.filter((task) => !visibleIds.has(task.taskId));
  const renamed = visible.flatMap((task) => {
    const mine = current.get(task.taskId);
    return mine && mine.title !== task.title
      ? [{ taskId: task.taskId, from: mine.title, to: task.title }]
      : [];
  });
  return {
    preview: {
      fromVersion: followed?.version ?? null,
      toVersion: to.version,
      added: addedSeeds.map((task) => ({ taskId: task.taskId, title: task.title, category: task.category })),
      removed: removed.map((task) => ({ taskId: task.taskId, title: task.title, status: task.status })),
      renamed,
    },
    to,
    removeTaskIds: removed.map((task) => task.taskId),
    restoreTaskIds: addedSeeds.filter((task) => parked.has(task.taskId)).map((task) => task.taskId),
    add: tasksFromSeeds(
      ctx,
      addedSeeds.filter((task) => !parked.has(task.taskId)),
    ),
  };
}

/** Owners: what taking the program's version would change. */
export async function previewTemplateUpdate(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
): Promise<TemplateUpdatePreview> {
  const { venture } = await ventureFor(ctx, userId, ventureId, 'editVenture');
  return (await planUpdate(ctx, venture)).preview;
}

/**
 * Owners: takes the program's version. `toVersion` is the version the owner reviewed: when the program
 * pins another one since, nothing changes: 404 `TEMPLATE.VERSION_NOT_FOUND` (the owner reviews again).
 */
export async function applyTemplateUpdate(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  toVersion: number,
): Promise<void> {
  // A few tries: each write is conditional on the venture being unchanged since it was read, so a task
  // change in between makes it match nothing and the plan is made again on the venture as it is.
  for (let attempt = 0; attempt < APPLY_ATTEMPTS; attempt += 1) {
    const { venture } = await ventureFor(ctx, userId, ventureId, 'editVenture');
    const plan = await planUpdate(ctx, venture);
    if (plan.to.version !== toVersion) throw templateErrors.versionNotFound();
    const after = await ctx.ventures.applyTemplate({
      ventureId: venture.id,
      userId,
      from: venture.template ?? null,
      to: plan.to,
      removeTaskIds: plan.removeTaskIds,
      restoreTaskIds: plan.restoreTaskIds,
      add: plan.add,
    });
    if (after) return;
  }
  throw templateErrors.busy();
}

const APPLY_ATTEMPTS = 3;

// ---- Guides --------------------------------------------------------------------------------------------

interface MasterGuideText {
  summary: string;
  why: string;
  practices: string[];
  proTip: string;
}

function masterGuideOf(
  taskId: number,
  template: TaskTemplateRecord | undefined,
  language: Language,
): MasterGuideText | null {
  const standard = findTaskGuide(taskId, language);
  if (standard) {
    return {
      summary: standard.summary,
      why: standard.why,
      practices: [...standard.practices],
      proTip: standard.proTip,
    };
  }
  if (template?.guide) return { summary: template.description, ...template.guide };
  return null;
}

/**
 * The guides of a venture's tasks in roadmap order: the organization's on top of the master guides. Issue 21:
 * the master guides in `language` (English where one has no translation), with the task's title and summary
 * too while they are the guide's; an organization's and an administrator's own text stays as written.
 */
async function guidesOf(
  ctx: VentureContext,
  venture: VentureRecord,
  language: Language,
): Promise<VentureTaskGuide[]> {
  const [master, version] = await Promise.all([
    ctx.templates.list(),
    venture.template
      ? ctx.orgTemplates.version(venture.template.organizationId, venture.template.version)
      : Promise.resolve(null),
  ]);
  const masterById = new Map(master.map((template) => [template.id, template]));
  const orgGuides = new Map((version?.tasks ?? []).map((task) => [task.taskId, task.guide]));
  return venture.tasks.flatMap((stored): VentureTaskGuide[] => {
    const task = taskTextIn(language, stored);
    const base = isCustomTaskId(task.taskId)
      ? null
      : masterGuideOf(task.taskId, masterById.get(task.taskId), language);
    const org = orgGuides.get(task.taskId) ?? null;
    if (!base && !org) return [];
    return [
      {
        taskId: task.taskId,
        title: task.title,
        category: task.category,
        summary: task.description || base?.summary || '',
        why: org?.why || base?.why || '',
        practices: org && org.practices.length > 0 ? [...org.practices] : (base?.practices ?? []),
        proTip: org?.proTip || base?.proTip || '',
        localResources: org?.localResources ?? '',
        source: org ? 'organization' : 'master',
      },
    ];
  });
}

/** The venture for its guides: members, and program staff who may see its tasks. */
async function ventureForGuides(
  ctx: VentureContext,
  correlationId: string,
  userId: string,
  ventureId: string,
): Promise<VentureRecord> {
  const { venture, staff } = await ventureFor(ctx, userId, ventureId, 'view', { staff: true, correlationId });
  if (staff && !staff.actions.has('viewTasks')) throw ventureErrors.ventureNotFound();
  return venture;
}

export async function listVentureGuides(
  ctx: VentureContext,
  correlationId: string,
  userId: string,
  ventureId: string,
  language: Language = 'en',
): Promise<VentureTaskGuide[]> {
  return guidesOf(ctx, await ventureForGuides(ctx, correlationId, userId, ventureId), language);
}

export async function getVentureTaskGuide(
  ctx: VentureContext,
  correlationId: string,
  userId: string,
  ventureId: string,
  taskId: number,
  language: Language = 'en',
): Promise<VentureTaskGuide> {
  const guides = await guidesOf(ctx, await ventureForGuides(ctx, correlationId, userId, ventureId), language);
  const guide = guides.find((entry) => entry.taskId === taskId);
  if (!guide) throw ventureErrors.guideNotFound();
  return guide;
}
