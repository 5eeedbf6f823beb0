import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { progressSchema } from '../schemas/progress.ts';
import { taskStatusSchema } from '../schemas/task-status.ts';
import { TASK_STATUSES } from '../task-status.ts';
import {
  INVALID_TASK_STATUS,
  TASK_CATEGORIES,
  VENTURE_BLURB_TOO_LONG,
  VENTURE_NAME_REQUIRED,
  VENTURE_NAME_TOO_LONG,
} from '../values/venture.ts';
import { defineRoute, numericIdParams, objectIdParams, successSchema } from './route.ts';

/*
 * The venture service's routes: ventures and their tasks (spec §7, "Ventures"), the built-in task guides,
 * and the internal endpoints of the admin dashboard (statistics, every venture, master task templates).
 *
 * Request bodies: every object is strict (unknown keys → 400), every value must be of its own type (so
 * operator objects such as `{"$ne": null}` never reach a query), and messages are the ones the web app
 * shows as they are (spec §5).
 */

const { venture, taskTemplate } = LIMITS;

// ---- Shapes ------------------------------------------------------------------------------------------------

/** One task of a venture's roadmap. */
export const ventureTaskSchema = z.object({
  /** 24 hex digits: the id for `PATCH /api/venture-tasks/{id}`. */
  id: z.string(),
  /** The master template it was copied from; equals the guide id for the 50 standard tasks. */
  taskId: z.number().int(),
  title: z.string(),
  /** '' when the task has none. */
  description: z.string(),
  category: z.string(),
  status: taskStatusSchema,
});
export type VentureTask = z.output<typeof ventureTaskSchema>;

/** A venture as `GET /api/ventures` lists it. */
export const ventureSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** At most 140 characters; '' when none. */
  blurb: z.string(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
  userId: z.string(),
  progress: progressSchema,
});
export type VentureSummary = z.output<typeof ventureSummarySchema>;

/** A venture with its roadmap: tasks ordered by taskId ascending. */
export const ventureDetailSchema = ventureSummarySchema.extend({ tasks: z.array(ventureTaskSchema) });
export type VentureDetail = z.output<typeof ventureDetailSchema>;

/** The answer of a task status change. */
export const taskStatusChangeSchema = z.object({
  ventureId: z.string(),
  task: ventureTaskSchema,
  /** The venture's progress right after the change. */
  progress: progressSchema,
});
export type TaskStatusChange = z.output<typeof taskStatusChangeSchema>;

/** A built-in task guide (ids 1-50). */
export const taskGuideSchema = z.object({
  id: z.number().int(),
  /** Short imperative task title. */
  title: z.string(),
  category: z.enum(TASK_CATEGORIES),
  /** One sentence (at most 160 characters): the task's description on the roadmap card. */
  summary: z.string(),
  /** 2-4 sentences: why this matters for an early-stage startup. */
  why: z.string(),
  /** 4-6 concrete, actionable steps. */
  practices: z.array(z.string()),
  /** One specific, non-obvious tip. */
  proTip: z.string(),
});
export type TaskGuide = z.output<typeof taskGuideSchema>;

/** A master task template (copied into each new venture). */
export const taskTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** 'General' when the administrator left it empty. */
  category: z.string(),
  createdAt: z.iso.datetime(),
});
export type TaskTemplate = z.output<typeof taskTemplateSchema>;

/** A row of the admin dashboard's venture list: counts instead of tasks. */
export const adminVentureSchema = z.object({
  id: z.string(),
  name: z.string(),
  blurb: z.string(),
  createdAt: z.iso.datetime(),
  userId: z.string(),
  /** The owner's username when the venture was created. */
  ownerUsername: z.string(),
  completionPercentage: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
});
export type AdminVenture = z.output<typeof adminVentureSchema>;

export const ventureStatsSchema = z.object({
  ventureCount: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
});
export type VentureStats = z.output<typeof ventureStatsSchema>;

// ---- Bodies and parameters ---------------------------------------------------------------------------------

const name = z
  .string({ error: VENTURE_NAME_REQUIRED })
  .trim()
  .min(1, VENTURE_NAME_REQUIRED)
  .max(venture.name.max, VENTURE_NAME_TOO_LONG);

/** Optional; `null` or blank means no description (stored as ''). */
const blurb = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(venture.blurb.max, VENTURE_BLURB_TOO_LONG)
  .nullable()
  .transform((value) => value ?? '');

export const createVentureBody = z.strictObject({
  name,
  blurb: blurb.optional().transform((value) => value ?? ''),
});

/** Only the keys present change. */
export const updateVentureBody = z.strictObject({
  name: name.optional(),
  blurb: blurb.optional(),
});

export const changeTaskStatusBody = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: INVALID_TASK_STATUS }),
});

const TITLE_REQUIRED = 'Please enter a task title';

const templateTitle = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(taskTemplate.title.max, `Task title must be ${taskTemplate.title.max} characters or less`);
const templateDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(
    taskTemplate.description.max,
    `Task description must be ${taskTemplate.description.max} characters or less`,
  );
/** Blank is allowed and reported as 'General'. */
const templateCategory = z
  .string({ error: 'Category must be text' })
  .trim()
  .max(taskTemplate.category.max, `Category must be ${taskTemplate.category.max} characters or less`);

export const createTemplateBody = z.strictObject({
  title: templateTitle,
  description: templateDescription.optional().transform((value) => value ?? ''),
  category: templateCategory.optional().transform((value) => value ?? ''),
});

export const updateTemplateBody = z.strictObject({
  title: templateTitle.optional(),
  description: templateDescription.optional(),
  category: templateCategory.optional(),
});

// A malformed id is 400 (RELIABILITY.md); a well-formed unknown one is 404.
export const ventureIdParams = objectIdParams('Invalid venture id');
export const taskIdParams = objectIdParams('Invalid task id');
export const guideIdParams = numericIdParams('Invalid task guide id');
export const templateIdParams = numericIdParams('Invalid task template id');

// ---- Routes ------------------------------------------------------------------------------------------------

const SIGNED_IN = ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'] as const;

/** The browser-facing calls, reached through the gateway. Ventures are the signed-in user's own. */
export const ventureApi = {
  listVentures: defineRoute({
    method: 'GET',
    path: '/api/ventures',
    answer: z.array(ventureSummarySchema),
    errors: ['AUTH.UNAUTHENTICATED'],
  }),
  /** A new venture with a copy of every master task template, all `todo`. */
  createVenture: defineRoute({
    method: 'POST',
    path: '/api/ventures',
    status: 201,
    body: createVentureBody,
    answer: ventureDetailSchema,
    errors: SIGNED_IN,
  }),
  getVenture: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id',
    params: ventureIdParams,
    answer: ventureDetailSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'VENTURE.NOT_FOUND'],
  }),
  updateVenture: defineRoute({
    method: 'PATCH',
    path: '/api/ventures/:id',
    params: ventureIdParams,
    body: updateVentureBody,
    answer: ventureDetailSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'VENTURE.NOT_FOUND'],
  }),
  deleteVenture: defineRoute({
    method: 'DELETE',
    path: '/api/ventures/:id',
    params: ventureIdParams,
    answer: successSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'VENTURE.NOT_FOUND'],
  }),
  /** Moves a task along the status rule (`TASK_TRANSITIONS`). */
  changeTaskStatus: defineRoute({
    method: 'PATCH',
    path: '/api/venture-tasks/:id',
    params: taskIdParams,
    body: changeTaskStatusBody,
    answer: taskStatusChangeSchema,
    errors: [...SIGNED_IN, 'TASK.NOT_FOUND', 'TASK.INVALID_TRANSITION', 'TASK.STATUS_CHANGED'],
  }),
  /** Public; cacheable for an hour, with an ETag. */
  listTaskGuides: defineRoute({
    method: 'GET',
    path: '/api/task-guides',
    answer: z.array(taskGuideSchema),
  }),
  getTaskGuide: defineRoute({
    method: 'GET',
    path: '/api/task-guides/:id',
    params: guideIdParams,
    answer: taskGuideSchema,
    errors: ['GUIDE.NOT_FOUND'],
  }),
} as const;

/** Calls from other services only (`/internal`, a service identity required): the admin dashboard's. */
export const ventureInternalApi = {
  stats: defineRoute({ method: 'GET', path: '/internal/stats', answer: ventureStatsSchema }),
  /** Every live venture with its owner and completion, oldest first. */
  listVentures: defineRoute({
    method: 'GET',
    path: '/internal/ventures',
    answer: z.array(adminVentureSchema),
  }),
  /** By id ascending. */
  listTemplates: defineRoute({
    method: 'GET',
    path: '/internal/task-templates',
    answer: z.array(taskTemplateSchema),
  }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/internal/task-templates',
    status: 201,
    body: createTemplateBody,
    answer: taskTemplateSchema,
  }),
  updateTemplate: defineRoute({
    method: 'PATCH',
    path: '/internal/task-templates/:id',
    params: templateIdParams,
    body: updateTemplateBody,
    answer: taskTemplateSchema,
    errors: ['TEMPLATE.NOT_FOUND'],
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/internal/task-templates/:id',
    params: templateIdParams,
    answer: successSchema,
    errors: ['TEMPLATE.NOT_FOUND'],
  }),
} as const;
