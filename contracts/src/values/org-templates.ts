/*
 * Issue 18, organization task templates: the rules both the venture service and the editor apply, so the
 * list of changes the editor shows before publishing is the one the service records with the version.
 */

/** Tasks an organization adds get ids from here up (master template ids stay far below). */
export const CUSTOM_TASK_ID_MIN = 1_000_000;

export function isCustomTaskId(taskId: number): boolean {
  return taskId >= CUSTOM_TASK_ID_MIN;
}

/** The guide fields an organization writes; empty ones fall back to the master guide's. */
export interface TemplateGuideText {
  why: string;
  practices: readonly string[];
  proTip: string;
  localResources: string;
}

/** What the diff reads of a template task (a draft's, a version's). */
export interface DiffableTemplateTask {
  /** Stable across versions: `master-<id>` or `custom-<n>`. */
  key: string;
  taskId: number | null;
  title: string;
  category: string;
  hidden: boolean;
  guide: TemplateGuideText | null;
}

export interface TemplateTaskChanges {
  added: Array<{ taskId: number; title: string; category: string }>;
  removed: Array<{ taskId: number; title: string }>;
  renamed: Array<{ taskId: number; from: string; to: string }>;
  guidesChanged: Array<{ taskId: number; title: string }>;
  reordered: boolean;
}

const sameGuide = (a: TemplateGuideText | null, b: TemplateGuideText | null): boolean =>
  JSON.stringify(a && [a.why, a.practices, a.proTip, a.localResources]) ===
  JSON.stringify(b && [b.why, b.practices, b.proTip, b.localResources]);

/**
 * What `after` changes against `before`, over visible tasks: a task hidden (or dropped) in `after` is
 * removed, one shown (or new) is added; a task both show is renamed when its title differs, and its guide
 * changed when its guide text or local resources differ. `reordered`: the tasks both show come in another
 * order.
 */
export function diffTemplateTasks(
  before: readonly DiffableTemplateTask[],
  after: readonly DiffableTemplateTask[],
): TemplateTaskChanges {
  const visibleBefore = before.filter((task) => !task.hidden);
  const visibleAfter = after.filter((task) => !task.hidden);
  const beforeByKey = new Map(visibleBefore.map((task) => [task.key, task]));
  const afterKeys = new Set(visibleAfter.map((task) => task.key));
  const changes: TemplateTaskChanges = {
    added: [],
    removed: [],
    renamed: [],
    guidesChanged: [],
    reordered: false,
  };
  for (const task of visibleAfter) {
    const earlier = beforeByKey.get(task.key);
    const taskId = task.taskId ?? 0;
    if (!earlier) {
      changes.added.push({ taskId, title: task.title, category: task.category });
      continue;
    }
    if (earlier.title !== task.title) changes.renamed.push({ taskId, from: earlier.title, to: task.title });
    if (!sameGuide(earlier.guide, task.guide)) changes.guidesChanged.push({ taskId, title: task.title });
  }
  for (const task of visibleBefore) {
    if (!afterKeys.has(task.key)) changes.removed.push({ taskId: task.taskId ?? 0, title: task.title });
  }
  const keptBefore = visibleBefore.filter((task) => afterKeys.has(task.key)).map((task) => task.key);
  const keptAfter = visibleAfter.filter((task) => beforeByKey.has(task.key)).map((task) => task.key);
  changes.reordered = keptBefore.some((key, index) => keptAfter[index] !== key);
  return changes;
}

/** Whether a diff changes anything at all. */
export function hasTemplateChanges(changes: TemplateTaskChanges): boolean {
  return (
    changes.added.length + changes.removed.length + changes.renamed.length + changes.guidesChanged.length >
      0 || changes.reordered
  );
}
