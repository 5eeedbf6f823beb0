/**
 * The venture service's answers (services/venture/README.md "Shapes"; spec §3 "Venture",
 * "Venture task", "Task guide").
 */

/** Spec §4 "Task status". */
export type TaskStatus = 'todo' | 'in_progress' | 'done' | 'blocked';

export interface VentureTask {
  /** The id for PATCH /api/venture-tasks/{id}. */
  id: string;
  /** The master template the task was copied from; for the 50 standard tasks also the guide id (1-50). */
  taskId: number;
  title: string;
  /** '' when the task has none. */
  description?: string | null;
  category: string;
  status: TaskStatus;
}

export interface CategoryProgress {
  category: string;
  /** Tasks done. */
  completed: number;
  total: number;
  /** round(completed / total * 100). */
  percentage: number;
}

export interface Progress {
  /** round(done / total * 100); 0 when there are no tasks (spec §4 "Progress"). */
  percentage: number;
  total: number;
  completed: number;
  inProgress: number;
  blocked: number;
  todo: number;
  /** In roadmap order. */
  categories: CategoryProgress[];
}

/** A venture as listed by GET /api/ventures. */
export interface VentureSummary {
  id: string;
  name: string;
  /** At most 140 characters; '' when none. */
  blurb?: string | null;
  /** ISO 8601 timestamp. */
  createdAt: string;
  userId: string;
  progress: Progress;
}

/** GET /api/ventures/{id}: the venture with its roadmap. */
export interface VentureDetail extends VentureSummary {
  /** Ordered by taskId ascending. */
  tasks: VentureTask[];
}

/** POST /api/ventures and PATCH /api/ventures/{id}. */
export interface VentureInput {
  name: string;
  blurb: string;
}

/** PATCH /api/venture-tasks/{id}. */
export interface TaskStatusChangeResult {
  ventureId: string;
  task: VentureTask;
  progress: Progress;
}

/** A built-in guide (ids 1-50), GET /api/task-guides. */
export interface TaskGuide {
  id: number;
  title: string;
  category: string;
  why: string;
  practices: string[];
  proTip: string;
}
