import { AppError, createEvent, type EventData, type EventEnvelope, type EventType } from '@app/common';
import {
  computeProgress,
  DEFAULT_TASK_CATEGORY,
  type TaskStatus,
  type TaskTemplate,
  type VentureDetail,
  type VentureStats,
  type VentureSummary,
  type VentureTask,
} from '@app/contracts';

/** A task as the store holds it inside its venture. */
export interface VentureTaskRecord {
  /** 24 hex digits, unique across all ventures: `PATCH /api/venture-tasks/{id}` addresses it alone. */
  id: string;
  /** The master template it was copied from; equals the guide id for the 50 standard tasks. */
  taskId: number;
  title: string;
  description: string;
  category: string;
  status: TaskStatus;
}

export interface VentureRecord {
  id: string;
  userId: string;
  /** The owner's username (e-mail) when the venture was created, for events; not refreshed. */
  ownerUsername: string;
  name: string;
  blurb: string;
  createdAt: Date;
  /** Ordered by taskId ascending. */
  tasks: VentureTaskRecord[];
}

/** The admin list's row: counts instead of tasks. */
export interface VentureOverviewRecord {
  id: string;
  userId: string;
  ownerUsername: string;
  name: string;
  blurb: string;
  createdAt: Date;
  taskCount: number;
  completedTaskCount: number;
}

export type { VentureStats };

export interface NewVenture {
  id: string;
  userId: string;
  ownerUsername: string;
  name: string;
  blurb: string;
  tasks: VentureTaskRecord[];
}

export type OutboxEvent = EventEnvelope;

/**
 * What the use cases need from storage. Every method that changes state and takes `events` writes them
 * into the venture's outbox in the SAME single-document write. Reads and writes ignore deleted ventures,
 * and every user-facing one is scoped to the owner: another user's venture simply does not match.
 */
export interface VentureRepository {
  newId(): string;
  isValidId(id: string): boolean;
  findOwned(id: string, userId: string): Promise<VentureRecord | null>;
  /** The live venture holding the task with this id, if `userId` owns it. */
  findOwnedByTask(taskId: string, userId: string): Promise<VentureRecord | null>;
  listOwned(userId: string): Promise<VentureRecord[]>;
  create(venture: NewVenture, events: OutboxEvent[]): Promise<VentureRecord>;
  /** null when no live venture of `userId` has this id. */
  update(
    id: string,
    userId: string,
    changes: { name?: string; blurb?: string },
  ): Promise<VentureRecord | null>;
  /**
   * Sets one task's status only if it still is `from` (so of two concurrent changes only one wins) and
   * records the owner's current username, in one write with its events. Answers the venture as it is
   * after the write, or null when nothing matched.
   */
  changeTaskStatus(
    change: {
      ventureId: string;
      userId: string;
      taskId: string;
      from: TaskStatus;
      to: TaskStatus;
      ownerUsername: string;
    },
    events: OutboxEvent[],
  ): Promise<VentureRecord | null>;
  /** Marks the venture deleted together with its events; false when no live venture matched. */
  markDeleted(id: string, userId: string, events: OutboxEvent[]): Promise<boolean>;
  /** Ids of every live venture of a user (the user.deleted cascade). */
  listIdsOfUser(userId: string): Promise<string[]>;
  listOverview(): Promise<VentureOverviewRecord[]>;
  stats(): Promise<VentureStats>;
}

export interface TaskTemplateRecord {
  id: number;
  title: string;
  description: string;
  /** '' when the administrator left it empty (reported as 'General'). */
  category: string;
  createdAt: Date;
}

export interface TaskTemplateRepository {
  /** Every template, by id ascending. */
  list(): Promise<TaskTemplateRecord[]>;
  findById(id: number): Promise<TaskTemplateRecord | null>;
  /** Gets a fresh id (never reused) and inserts. */
  create(template: { title: string; description: string; category: string }): Promise<TaskTemplateRecord>;
  update(
    id: number,
    changes: { title?: string; description?: string; category?: string },
  ): Promise<TaskTemplateRecord | null>;
  delete(id: number): Promise<boolean>;
  /**
   * Inserts the standard templates once per database: a template an administrator deleted afterwards is not
   * brought back by a restart. Returns how many were inserted.
   */
  seedOnce(templates: ReadonlyArray<Omit<TaskTemplateRecord, 'createdAt'>>, now: Date): Promise<number>;
}

/** The auth service's answer about a user, as much as this service needs. */
export interface OwnerDirectory {
  /** The user's username, or null when there is no such user. */
  usernameOf(userId: string, opts: { correlationId: string }): Promise<string | null>;
}

/** Everything a use case needs; routes pass it through, tests build it with other stores. */
export interface VentureContext {
  ventures: VentureRepository;
  templates: TaskTemplateRepository;
  owners: OwnerDirectory;
  clock: () => Date;
}

/** What a use case knows about the request or event it serves. */
export interface Caller {
  correlationId: string;
}

/** The category shown for a template or task without one (spec §3, "Task template"). */
export function categoryOrDefault(category: string): string {
  return category.trim() === '' ? DEFAULT_TASK_CATEGORY : category;
}

export function ventureEvent<T extends EventType>(
  ctx: VentureContext,
  caller: Caller,
  type: T,
  data: EventData<T>,
): EventEnvelope<T> {
  return createEvent(type, data, {
    producer: 'venture',
    correlationId: caller.correlationId,
    occurredAt: ctx.clock(),
  });
}

export const ventureErrors = {
  ventureNotFound: () => AppError.notFound('Venture not found', 'VENTURE.NOT_FOUND'),
  taskNotFound: () => AppError.notFound('Task not found', 'TASK.NOT_FOUND'),
  templateNotFound: () => AppError.notFound('Task template not found', 'TEMPLATE.NOT_FOUND'),
  guideNotFound: () => AppError.notFound('Task guide not found', 'GUIDE.NOT_FOUND'),
  invalidTransition: (message: string) => AppError.conflict(message, 'TASK.INVALID_TRANSITION'),
  statusChanged: () =>
    AppError.conflict('This task was changed meanwhile. Reload and try again.', 'TASK.STATUS_CHANGED'),
  /** The identity names a user the auth service no longer knows. */
  ownerUnknown: () => AppError.unauthorized('Not authenticated', 'AUTH.SESSION_ENDED'),
};

// ---- The JSON the calls answer with (shapes of `@app/contracts`) ---------------------------------------

export function toTaskView(task: VentureTaskRecord): VentureTask {
  return {
    id: task.id,
    taskId: task.taskId,
    title: task.title,
    description: task.description,
    category: task.category,
    status: task.status,
  };
}

export function toSummaryView(venture: VentureRecord): VentureSummary {
  return {
    id: venture.id,
    name: venture.name,
    blurb: venture.blurb,
    createdAt: venture.createdAt.toISOString(),
    userId: venture.userId,
    progress: computeProgress(venture.tasks),
  };
}

export function toVentureView(venture: VentureRecord): VentureDetail {
  return { ...toSummaryView(venture), tasks: venture.tasks.map(toTaskView) };
}

export function toTemplateView(template: TaskTemplateRecord): TaskTemplate {
  return {
    id: template.id,
    title: template.title,
    description: template.description,
    category: categoryOrDefault(template.category),
    createdAt: template.createdAt.toISOString(),
  };
}
