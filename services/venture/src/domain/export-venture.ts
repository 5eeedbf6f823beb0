import {
  computeProgress,
  VENTURE_EXPORT_CSV_COLUMNS,
  type ExportedTask,
  type Language,
  type VentureExport,
} from '@app/contracts';
import { taskTextIn } from '../content/task-guides.ts';
import { ventureFor } from './access.ts';
import type { VentureContext, VentureRecord } from './venture.ts';

/*
 * Issue 17: a venture as a founder takes it elsewhere, as CSV or JSON. Any member may export (a viewer sees
 * the same on screen); a non-member gets 404 as everywhere else. One row per task in roadmap order, with its
 * assignee's name, its prerequisites' titles and how many comments it has.
 */

export interface VentureExportData {
  export: VentureExport;
  /** '<slugified venture name>-roadmap': the attachment's file name without extension. */
  fileBase: string;
}

export async function exportVenture(
  ctx: VentureContext,
  userId: string,
  ventureId: string,
  language: Language = 'en',
): Promise<VentureExportData> {
  const { venture: stored } = await ventureFor(ctx, userId, ventureId, 'view');
  // Issue 21: the standard tasks' titles and descriptions in the caller's language (the CSV's columns stay).
  const venture = { ...stored, tasks: stored.tasks.map((task) => taskTextIn(language, task)) };
  const commentCounts = await ctx.comments.countByTask(venture.id);
  return {
    export: {
      exportedAt: ctx.clock().toISOString(),
      venture: {
        id: venture.id,
        name: venture.name,
        blurb: venture.blurb,
        createdAt: venture.createdAt.toISOString(),
        timeZone: venture.timeZone,
        targetLaunchDate: venture.targetLaunchDate,
        progress: computeProgress(venture.tasks),
      },
      tasks: exportedTasks(venture, commentCounts),
    },
    fileBase: `${slugify(venture.name)}-roadmap`,
  };
}

function exportedTasks(venture: VentureRecord, commentCounts: Record<string, number>): ExportedTask[] {
  const titleOf = new Map(venture.tasks.map((task) => [task.id, task.title]));
  const nameOf = new Map(venture.members.map((member) => [member.userId, member.displayName]));
  return venture.tasks.map((task) => ({
    id: task.id,
    taskId: task.taskId,
    title: task.title,
    description: task.description,
    category: task.category,
    status: task.status,
    startDate: task.startDate,
    dueDate: task.dueDate,
    assignee: task.assigneeId ? (nameOf.get(task.assigneeId) ?? null) : null,
    completedAt: task.completedAt?.toISOString() ?? null,
    prerequisites: task.prerequisiteIds.map((id) => titleOf.get(id)).filter((t): t is string => !!t),
    commentCount: commentCounts[task.id] ?? 0,
  }));
}

/** The CSV's rows, `VENTURE_EXPORT_CSV_COLUMNS` in order (the header is written by the stringifier). */
export function csvRows(data: VentureExport): Array<Array<string | number>> {
  return data.tasks.map((task) => [
    task.taskId,
    task.title,
    task.category,
    task.status,
    task.startDate ?? '',
    task.dueDate ?? '',
    task.assignee ?? '',
    task.completedAt ?? '',
    task.prerequisites.join('; '),
    task.commentCount,
  ]);
}

export const CSV_COLUMNS = [...VENTURE_EXPORT_CSV_COLUMNS];

/** 'My Café & Co!' → 'my-cafe-co'; 'venture' when nothing is left. ASCII only, so any header can carry it. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug === '' ? 'venture' : slug;
}
