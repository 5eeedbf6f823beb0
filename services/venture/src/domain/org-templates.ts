import { AppError, type EventEnvelope } from '@app/common';
import {
  CUSTOM_TASK_ID_MIN,
  TASK_CATEGORIES,
  type OrgGuide,
  type OrgTemplateTask,
  type TemplateChanges,
} from '@app/contracts';
import type { TaskTemplateRecord } from './venture.ts';

/*
 * Issue 18: organization task templates. An organization's template starts as the master list; its org
 * admin edits a draft (add, hide, rename, reorder, guide overrides and local resources) and publishes it as
 * immutable versions. Ventures keep their tasks' ids and statuses and read titles and guides from the version
 * they follow, so a corrected master title still reaches every template that did not rename the task.
 */

/** A task as a stored draft or version holds it. */
export interface StoredTemplateTask {
  key: string;
  taskId: number;
  category: string;
  /** null: the master task's current title (the organization did not rename it). */
  title: string | null;
  /** null: the master task's current description. */
  description: string | null;
  hidden: boolean;
  guide: OrgGuide | null;
}

export interface TemplateVersionRecord {
  organizationId: string;
  version: number;
  tasks: StoredTemplateTask[];
  publishedAt: Date;
  publishedBy: { userId: string; displayName: string };
  changes: TemplateChanges;
}

export interface TemplateDraftRecord {
  tasks: StoredTemplateTask[];
  updatedAt: Date;
}

/** Where the venture service keeps organization templates (drafts and versions). */
export interface OrgTemplateStore {
  draftOf(organizationId: string): Promise<TemplateDraftRecord | null>;
  saveDraft(organizationId: string, draft: TemplateDraftRecord): Promise<void>;
  /** Every published version, oldest first. */
  versionsOf(organizationId: string): Promise<TemplateVersionRecord[]>;
  /** One version (immutable, so cached by the store); null when it does not exist. */
  version(organizationId: string, version: number): Promise<TemplateVersionRecord | null>;
  /**
   * Inserts the version with its events in one write; false when this version number exists already (a
   * concurrent publication took it).
   */
  publish(version: TemplateVersionRecord, events: EventEnvelope[]): Promise<boolean>;
  /** `count` fresh ids for custom tasks (never reused, all ≥ `CUSTOM_TASK_ID_MIN`). */
  allocateTaskIds(count: number): Promise<number[]>;
}

export const templateErrors = {
  invalid: (message: string) => AppError.badRequest(message, undefined, 'TEMPLATE.INVALID'),
  unchanged: () =>
    AppError.conflict('Nothing changed since the last published version.', 'TEMPLATE.UNCHANGED'),
  versionNotFound: () => AppError.notFound('Template version not found', 'TEMPLATE.VERSION_NOT_FOUND'),
  upToDate: () =>
    AppError.notFound('This roadmap already follows its program’s template.', 'TEMPLATE.UP_TO_DATE'),
  busy: () =>
    AppError.conflict(
      'This roadmap is changing right now. Reload and review the update again.',
      'TEMPLATE.UPDATE_CONFLICT',
    ),
  publishRace: () =>
    AppError.conflict('Another version was published meanwhile. Reload and try again.', 'TEMPLATE.UNCHANGED'),
};

const masterKey = (id: number) => `master-${id}`;

/** The master list as a template: every master task, in order, nothing hidden or overridden. */
export function masterTemplateTasks(master: readonly TaskTemplateRecord[]): StoredTemplateTask[] {
  return master.map((template) => ({
    key: masterKey(template.id),
    taskId: template.id,
    category: categoryOf(template),
    title: null,
    description: null,
    hidden: false,
    guide: null,
  }));
}

const categoryOf = (template: TaskTemplateRecord) =>
  template.category.trim() === '' ? 'General' : template.category;

/**
 * A stored template with the master tasks an administrator added since appended (visible), and those an
 * administrator deleted dropped: the master list stays the template's base.
 */
export function withCurrentMaster(
  tasks: readonly StoredTemplateTask[],
  master: readonly TaskTemplateRecord[],
): StoredTemplateTask[] {
  const masterIds = new Set(master.map((template) => template.id));
  const present = new Set(tasks.map((task) => task.key));
  return [
    ...tasks.filter((task) => task.taskId >= CUSTOM_TASK_ID_MIN || masterIds.has(task.taskId)),
    ...masterTemplateTasks(master.filter((template) => !present.has(masterKey(template.id)))),
  ];
}

/** A stored task as the API answers it: master titles, descriptions and categories filled in. */
export function toTemplateTaskView(
  task: StoredTemplateTask,
  masterById: ReadonlyMap<number, TaskTemplateRecord>,
): OrgTemplateTask {
  const master = masterById.get(task.taskId);
  return {
    key: task.key,
    taskId: task.taskId,
    category: master ? categoryOf(master) : task.category,
    title: task.title ?? master?.title ?? '',
    description: task.description ?? master?.description ?? '',
    hidden: task.hidden,
    guide: task.guide,
  };
}

const emptyGuide = (guide: OrgGuide | null) =>
  guide === null ||
  (guide.why === '' && guide.practices.length === 0 && guide.proTip === '' && guide.localResources === '');

/**
 * The draft rules: keys are unique; a master key names a task of the master list (its category stays the
 * master's); a custom task is in one of the five categories and has a guide with a why and at least one
 * practice; at least one task stays visible. Master tasks missing from the input are kept (hidden tasks
 * are hidden, not deleted); a custom task left out is dropped. Custom tasks keep the id they were given
 * (by key, from `knownCustomIds`); new ones get theirs from `allocate`. Titles and descriptions equal to the
 * master's are stored as null, so a later correction of the master text still reaches them.
 */
export async function normalizeDraft(
  input: readonly OrgTemplateTask[],
  master: readonly TaskTemplateRecord[],
  knownCustomIds: ReadonlyMap<string, number>,
  allocate: (count: number) => Promise<number[]>,
): Promise<StoredTemplateTask[]> {
  const masterById = new Map(master.map((template) => [template.id, template]));
  const seen = new Set<string>();
  for (const task of input) {
    if (seen.has(task.key)) throw templateErrors.invalid(`Task ${task.key} appears twice`);
    seen.add(task.key);
    if (task.key.startsWith('master-')) {
      if (!masterById.has(Number(task.key.slice('master-'.length)))) {
        throw templateErrors.invalid(`“${task.title}” is not a task of the master list`);
      }
      continue;
    }
    if (!(TASK_CATEGORIES as readonly string[]).includes(task.category)) {
      throw templateErrors.invalid(`“${task.title}”: choose one of the five categories`);
    }
    if (task.guide === null || task.guide.why === '' || task.guide.practices.length === 0) {
      throw templateErrors.invalid(`“${task.title}” needs a guide: why it matters and at least one practice`);
    }
  }
  const newCustom = input.filter((task) => task.key.startsWith('custom-') && !knownCustomIds.has(task.key));
  const fresh = newCustom.length > 0 ? await allocate(newCustom.length) : [];
  const freshIds = new Map(newCustom.map((task, index) => [task.key, fresh[index]!]));
  const tasks = input.map((task): StoredTemplateTask => {
    if (task.key.startsWith('master-')) {
      const template = masterById.get(Number(task.key.slice('master-'.length)))!;
      return {
        key: task.key,
        taskId: template.id,
        category: categoryOf(template),
        title: task.title === template.title ? null : task.title,
        description: task.description === template.description ? null : task.description,
        hidden: task.hidden,
        guide: emptyGuide(task.guide) ? null : task.guide,
      };
    }
    return {
      key: task.key,
      taskId: knownCustomIds.get(task.key) ?? freshIds.get(task.key)!,
      category: task.category,
      title: task.title,
      description: task.description,
      hidden: task.hidden,
      guide: task.guide,
    };
  });
  const all = withCurrentMaster(tasks, master);
  if (all.every((task) => task.hidden)) throw templateErrors.invalid('At least one task must stay visible');
  return all;
}

/** The custom tasks' ids by key over a draft and every version, so a key keeps its id. */
export function customIdsOf(lists: ReadonlyArray<readonly StoredTemplateTask[]>): Map<string, number> {
  const ids = new Map<string, number>();
  for (const list of lists) {
    for (const task of list) if (task.taskId >= CUSTOM_TASK_ID_MIN) ids.set(task.key, task.taskId);
  }
  return ids;
}
