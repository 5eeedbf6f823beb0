import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { PROGRAM_VISIBILITIES } from '../policy/organization-policy.ts';
import { progressSchema } from '../schemas/progress.ts';
import { taskStatusSchema } from '../schemas/task-status.ts';
import { TASK_CATEGORIES } from '../values/venture.ts';
import { RISK_REASON_KINDS } from '../values/programs.ts';
import { orgSlugParams, riskRulesSchema } from './institution.ts';
import { defineRoute, objectIdParams, successSchema, text } from './route.ts';
import { taskIdParams, ventureIdParams, ventureSummarySchema, ventureTaskSchema } from './venture.ts';

/*
 * Issue 18, the venture service's side of institution workspaces: enrolments, the cohort dashboard and its
 * export, mentor assignments and verification, organization task templates. The venture service keeps
 * read models of organizations, their members and programs from the organization service's events, so a
 * cohort read is one query over enrolments and ventures, never a call per venture.
 *
 * Scope as in the organization routes: outside it, 404 (`PROGRAM.NOT_FOUND`, `VENTURE.NOT_FOUND`,
 * `ORGANIZATION.NOT_FOUND`); inside it with too low a role, 403 `ORGANIZATION.FORBIDDEN`.
 */

const objectId = (message: string) => z.string().regex(/^[0-9a-f]{24}$/i, message);

export const programVisibilitySchema = z.enum(PROGRAM_VISIBILITIES, {
  error: `Visibility must be one of ${PROGRAM_VISIBILITIES.join(', ')}`,
});

// ---- Enrolments ------------------------------------------------------------------------------------------------

/** A founder's enrolment in a program, as the founder sees it. */
export const enrolmentSchema = z.object({
  programId: z.string(),
  programName: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** The venture the program follows; null until the founder creates or picks one. */
  ventureId: z.string().nullable(),
  visibility: programVisibilitySchema,
  enrolledAt: z.iso.datetime(),
  mentors: z.array(z.object({ userId: z.string(), displayName: z.string() })),
});
export type Enrolment = z.output<typeof enrolmentSchema>;

/**
 * Issue 18's additions to a venture's detail live in `ventureDetailSchema` (`program`, `staffAccess`,
 * `template`) and `ventureTaskSchema` (`verifiedBy`, `verifiedAt`). What a verification answers:
 */
export const taskVerificationSchema = ventureTaskSchema.pick({ verifiedBy: true, verifiedAt: true });

// ---- The cohort dashboard ------------------------------------------------------------------------------------

/** A column of the heatmap: one task of the program's template, in template order. */
export const cohortColumnSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  category: z.enum(TASK_CATEGORIES).or(z.string()),
});

export const riskReasonSchema = z.object({
  kind: z.enum(RISK_REASON_KINDS),
  value: z.number().int(),
  /** `riskReasonText(reason)`. */
  text: z.string(),
});

/** A row: one enrolled venture. */
export const cohortRowSchema = z.object({
  ventureId: z.string(),
  ventureName: z.string(),
  founder: z.object({ userId: z.string(), displayName: z.string() }),
  visibility: programVisibilitySchema,
  progress: progressSchema,
  /** ISO 8601: the last task change, comment or membership change; null when none since enrolment. */
  lastActivityAt: z.iso.datetime().nullable(),
  /**
   * One cell per column, same order; null when the founders chose `progress` (no task cells are shown).
   * A task the venture does not have (an older template version) is `null` in its place.
   */
  cells: z
    .array(
      z
        .object({
          status: taskStatusSchema,
          overdue: z.boolean(),
          verified: z.boolean(),
        })
        .nullable(),
    )
    .nullable(),
  atRisk: z.boolean(),
  riskReasons: z.array(riskReasonSchema),
  mentors: z.array(z.object({ userId: z.string(), displayName: z.string() })),
});
export type CohortRow = z.output<typeof cohortRowSchema>;

export const cohortDashboardSchema = z.object({
  program: z.object({
    id: z.string(),
    name: z.string(),
    organizationId: z.string(),
    organizationSlug: z.string(),
    organizationName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    riskRules: riskRulesSchema,
  }),
  /** What the caller may do here (`policy/organization-policy.ts`). */
  canExport: z.boolean(),
  canAssignMentors: z.boolean(),
  columns: z.array(cohortColumnSchema),
  rows: z.array(cohortRowSchema),
  /** The cohort's median completion percentage now. */
  medianProgress: z.number(),
  /** Median completion per week (Monday, 'YYYY-MM-DD'), oldest first, from the weekly snapshots. */
  trend: z.array(z.object({ weekStart: z.string(), medianProgress: z.number() })),
  /** The organization's mentors (for assignment). */
  mentorChoices: z.array(z.object({ userId: z.string(), displayName: z.string() })),
  /** The "now" the dashboard was computed at (the service clock). */
  asOf: z.iso.datetime(),
});
export type CohortDashboard = z.output<typeof cohortDashboardSchema>;

/** The cohort CSV's columns: one row per enrolled venture × task (ventures with `progress` visibility: none). */
export const COHORT_CSV_COLUMNS = [
  'venture',
  'ventureId',
  'founder',
  'category',
  'taskId',
  'task',
  'status',
  'dueDate',
  'overdue',
  'completedAt',
  'verified',
  'atRisk',
  'riskReasons',
] as const;

/** A mentor's "My ventures" row. */
export const mentoredVentureSchema = ventureSummarySchema.omit({ role: true }).extend({
  programId: z.string(),
  programName: z.string(),
  organizationName: z.string(),
  visibility: programVisibilitySchema,
  atRisk: z.boolean(),
  riskReasons: z.array(riskReasonSchema),
});
export type MentoredVenture = z.output<typeof mentoredVentureSchema>;

// ---- Organization task templates ---------------------------------------------------------------------------

const { taskTemplate } = LIMITS;
const guideText = (label: string, max: number) =>
  text(`${label} is required`, `${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** A guide written or overridden by the organization. Empty fields fall back to the master guide's. */
export const orgGuideSchema = z.strictObject({
  why: guideText('Why', 2000),
  practices: z.array(guideText('A practice', 500).min(1, 'A practice cannot be empty')).max(10),
  proTip: guideText('Pro tip', 1000),
  /** The organization's own resources ("Book our legal clinic: ..."), shown under the guide. */
  localResources: guideText('Local resources', 2000),
});
export type OrgGuide = z.output<typeof orgGuideSchema>;

/**
 * A task of an organization template. `key` is stable across versions: `master-<id>` for a master task,
 * `custom-<n>` for one the organization added. `taskId` is the id ventures store (the master id, or a
 * number ≥ 1,000,000 the service allocates for a custom task).
 */
export const orgTemplateTaskSchema = z.strictObject({
  key: z.string().regex(/^(master|custom)-[0-9]{1,9}$/, 'Invalid task key'),
  taskId: z.number().int().nullable(),
  /**
   * One of the five for a custom task; a master task keeps the master list's category (an administrator's
   * task may have another, or 'General').
   */
  category: z
    .enum(TASK_CATEGORIES)
    .or(
      z
        .string()
        .trim()
        .min(1, 'Category is required')
        .max(taskTemplate.category.max, `Category must be at most ${taskTemplate.category.max} characters`),
    ),
  title: text('Title is required', 'Title must be text')
    .trim()
    .min(1, 'Title is required')
    .max(taskTemplate.title.max, `Title must be at most ${taskTemplate.title.max} characters`),
  description: guideText('Description', taskTemplate.description.max),
  hidden: z.boolean(),
  /** Required for a custom task; optional override for a master one. */
  guide: orgGuideSchema.nullable(),
});
export type OrgTemplateTask = z.output<typeof orgTemplateTaskSchema>;

/** What one list of template tasks changes against another (visible tasks only): see `diffTemplateTasks`. */
export const templateChangesSchema = z.object({
  added: z.array(z.object({ taskId: z.number().int(), title: z.string(), category: z.string() })),
  removed: z.array(z.object({ taskId: z.number().int(), title: z.string() })),
  renamed: z.array(z.object({ taskId: z.number().int(), from: z.string(), to: z.string() })),
  /** Visible tasks whose guide text or local resources changed. */
  guidesChanged: z.array(z.object({ taskId: z.number().int(), title: z.string() })),
  /** Whether the order of the tasks both lists show changed. */
  reordered: z.boolean(),
});
export type TemplateChanges = z.output<typeof templateChangesSchema>;

export const orgTemplateVersionSummarySchema = z.object({
  version: z.number().int(),
  publishedAt: z.iso.datetime(),
  publishedBy: z.object({ userId: z.string(), displayName: z.string() }),
  /** Visible tasks. */
  taskCount: z.number().int(),
  /** What this version changed against the previous one (version 1: against the master list). */
  changes: templateChangesSchema,
});

export const orgTemplateSchema = z.object({
  organizationId: z.string(),
  /** The draft in order (it starts as the master list). */
  draft: z.array(orgTemplateTaskSchema),
  draftUpdatedAt: z.iso.datetime().nullable(),
  /** Whether the draft differs from the latest published version. */
  draftChanged: z.boolean(),
  /** What publishing the saved draft would change against the latest version (or the master list). */
  pendingChanges: templateChangesSchema,
  versions: z.array(orgTemplateVersionSummarySchema),
});
export type OrgTemplate = z.output<typeof orgTemplateSchema>;

export const orgTemplateVersionSchema = orgTemplateVersionSummarySchema.extend({
  tasks: z.array(orgTemplateTaskSchema),
});

/** What taking a newer template version changes in a venture (statuses, dates and comments are kept). */
export const templateUpdatePreviewSchema = z.object({
  /** null: the venture follows the master list. */
  fromVersion: z.number().int().nullable(),
  toVersion: z.number().int(),
  added: z.array(z.object({ taskId: z.number().int(), title: z.string(), category: z.string() })),
  /** Tasks hidden in the new version: removed from the roadmap (their status is kept, should they return). */
  removed: z.array(z.object({ taskId: z.number().int(), title: z.string(), status: taskStatusSchema })),
  renamed: z.array(z.object({ taskId: z.number().int(), from: z.string(), to: z.string() })),
});
export type TemplateUpdatePreview = z.output<typeof templateUpdatePreviewSchema>;

/** A task's guide as a venture shows it (`getVentureTaskGuide`). */
export const ventureTaskGuideSchema = z.object({
  taskId: z.number().int(),
  title: z.string(),
  category: z.string(),
  summary: z.string(),
  why: z.string(),
  practices: z.array(z.string()),
  proTip: z.string(),
  /** The organization's resources for this task; '' when none. */
  localResources: z.string(),
  /** Who wrote it: the master guide, or the organization (custom task or override). */
  source: z.enum(['master', 'organization']),
});
export type VentureTaskGuide = z.output<typeof ventureTaskGuideSchema>;

// ---- Bodies and parameters ---------------------------------------------------------------------------------

export const programIdParams = objectIdParams('Invalid program id');
export const programVentureParams = z.strictObject({
  id: objectId('Invalid program id'),
  ventureId: objectId('Invalid venture id'),
});
export const templateVersionParams = orgSlugParams.extend({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'Invalid version')
    .transform((value) => Number(value)),
});

export const setEnrolmentBody = z
  .strictObject({
    ventureId: objectId('Invalid venture id').optional(),
    visibility: programVisibilitySchema.optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change');

export const setMentorsBody = z.strictObject({
  mentorIds: z.array(z.string().min(1).max(64)).max(10, 'At most 10 mentors per venture'),
});

export const saveTemplateDraftBody = z.strictObject({
  tasks: z
    .array(orgTemplateTaskSchema)
    .min(1, 'A template needs at least one task')
    .max(300, 'A template has at most 300 tasks'),
});

export const applyTemplateUpdateBody = z.strictObject({ toVersion: z.number().int().min(1) });

// ---- Routes ------------------------------------------------------------------------------------------------

const SIGNED_IN = ['AUTH.UNAUTHENTICATED'] as const;

export const cohortApi = {
  /** The caller's enrolments (a founder's programs). */
  listMyEnrolments: defineRoute({
    method: 'GET',
    path: '/api/enrolments',
    answer: z.array(enrolmentSchema),
    errors: SIGNED_IN,
  }),
  /**
   * The enrolled founder picks the venture the program follows (one they own) and what the program sees.
   * Changing the venture applies the program's template to a venture that has none yet only through the
   * update preview; its statuses are never reset.
   */
  setEnrolment: defineRoute({
    method: 'PATCH',
    path: '/api/programs/:id/enrolment',
    params: programIdParams,
    body: setEnrolmentBody,
    answer: enrolmentSchema,
    errors: [...SIGNED_IN, 'PROGRAM.NOT_FOUND', 'VENTURE.NOT_FOUND', 'VENTURE.ALREADY_ENROLLED'],
  }),
  /** The founder leaves the program: its staff lose access; the venture stays the founder's. */
  leaveProgram: defineRoute({
    method: 'DELETE',
    path: '/api/programs/:id/enrolment',
    params: programIdParams,
    answer: successSchema,
    errors: [...SIGNED_IN, 'PROGRAM.NOT_FOUND'],
  }),
  /** orgAdmin and programManager of the program's organization. */
  getDashboard: defineRoute({
    method: 'GET',
    path: '/api/programs/:id/dashboard',
    params: programIdParams,
    answer: cohortDashboardSchema,
    errors: [...SIGNED_IN, 'PROGRAM.NOT_FOUND', 'ORGANIZATION.FORBIDDEN'],
  }),
  /** `text/csv` (`COHORT_CSV_COLUMNS`), audited as `cohort.exported`. */
  exportCohortCsv: defineRoute({
    method: 'GET',
    path: '/api/programs/:id/export.csv',
    params: programIdParams,
    answer: z.string(),
    errors: [...SIGNED_IN, 'PROGRAM.NOT_FOUND', 'ORGANIZATION.FORBIDDEN'],
  }),
  /** orgAdmin and programManager: replaces the venture's mentors (each a mentor of the organization). */
  setMentors: defineRoute({
    method: 'PUT',
    path: '/api/programs/:id/ventures/:ventureId/mentors',
    params: programVentureParams,
    body: setMentorsBody,
    answer: successSchema,
    errors: [
      ...SIGNED_IN,
      'PROGRAM.NOT_FOUND',
      'VENTURE.NOT_FOUND',
      'ORGANIZATION.FORBIDDEN',
      'MENTOR.NOT_FOUND',
      /** 409: the venture's mentors changed since they were read (a concurrent assignment). */
      'MENTOR.CHANGED',
    ],
  }),
  /** A mentor's "My ventures". */
  listMentoredVentures: defineRoute({
    method: 'GET',
    path: '/api/mentoring/ventures',
    answer: z.array(mentoredVentureSchema),
    errors: SIGNED_IN,
  }),
  /** An assigned mentor confirms a done task (409 `TASK.NOT_DONE` otherwise). */
  verifyTask: defineRoute({
    method: 'POST',
    path: '/api/venture-tasks/:id/verification',
    params: taskIdParams,
    answer: taskVerificationSchema,
    /** 403 `VENTURE.FORBIDDEN` to the venture's own members (only mentors verify). */
    errors: [...SIGNED_IN, 'TASK.NOT_FOUND', 'TASK.NOT_DONE', 'VENTURE.FORBIDDEN'],
  }),
  unverifyTask: defineRoute({
    method: 'DELETE',
    path: '/api/venture-tasks/:id/verification',
    params: taskIdParams,
    answer: taskVerificationSchema,
    errors: [...SIGNED_IN, 'TASK.NOT_FOUND', 'VENTURE.FORBIDDEN'],
  }),
} as const;

export const orgTemplateApi = {
  /** orgAdmin: the draft (the master list until first saved) and the published versions. */
  getTemplate: defineRoute({
    method: 'GET',
    path: '/api/org-templates/:slug',
    params: orgSlugParams,
    answer: orgTemplateSchema,
    errors: [...SIGNED_IN, 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.FORBIDDEN'],
  }),
  saveDraft: defineRoute({
    method: 'PUT',
    path: '/api/org-templates/:slug/draft',
    params: orgSlugParams,
    body: saveTemplateDraftBody,
    answer: orgTemplateSchema,
    errors: [...SIGNED_IN, 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.FORBIDDEN', 'TEMPLATE.INVALID'],
  }),
  /** Freezes the draft as the next version (audited as `template.published`). */
  publish: defineRoute({
    method: 'POST',
    path: '/api/org-templates/:slug/versions',
    status: 201,
    params: orgSlugParams,
    answer: orgTemplateVersionSummarySchema,
    errors: [...SIGNED_IN, 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.FORBIDDEN', 'TEMPLATE.UNCHANGED'],
  }),
  /** Staff of the organization. */
  getVersion: defineRoute({
    method: 'GET',
    path: '/api/org-templates/:slug/versions/:version',
    params: templateVersionParams,
    answer: orgTemplateVersionSchema,
    errors: [...SIGNED_IN, 'ORGANIZATION.NOT_FOUND', 'TEMPLATE.VERSION_NOT_FOUND'],
  }),
  /** Owners: what taking the program's newer version would change (404 `TEMPLATE.UP_TO_DATE` when none). */
  previewVentureUpdate: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/template-update',
    params: ventureIdParams,
    answer: templateUpdatePreviewSchema,
    /** 403 `VENTURE.FORBIDDEN` to editors and viewers. */
    errors: [...SIGNED_IN, 'VENTURE.NOT_FOUND', 'VENTURE.FORBIDDEN', 'TEMPLATE.UP_TO_DATE'],
  }),
  /** Owners: takes the version; statuses, dates, assignees and comments of kept tasks stay. */
  applyVentureUpdate: defineRoute({
    method: 'POST',
    path: '/api/ventures/:id/template-update',
    params: ventureIdParams,
    body: applyTemplateUpdateBody,
    answer: successSchema,
    errors: [
      ...SIGNED_IN,
      'VENTURE.NOT_FOUND',
      'VENTURE.FORBIDDEN',
      'TEMPLATE.UP_TO_DATE',
      'TEMPLATE.VERSION_NOT_FOUND',
      /** 409: the roadmap kept changing while the update was written (three tries); nothing changed. */
      'TEMPLATE.UPDATE_CONFLICT',
    ],
  }),
  /**
   * The guide of one task as the venture's members and staff see it: the organization's custom guide or
   * override on top of the master guide. Ventures without a template get the master guide.
   */
  getVentureTaskGuide: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/guides/:taskId',
    params: z.strictObject({
      id: objectId('Invalid venture id'),
      taskId: z
        .string()
        .regex(/^[1-9][0-9]{0,8}$/, 'Invalid task id')
        .transform((value) => Number(value)),
    }),
    answer: ventureTaskGuideSchema,
    errors: [...SIGNED_IN, 'VENTURE.NOT_FOUND', 'GUIDE.NOT_FOUND'],
  }),
  /** Every guide of the venture's tasks in roadmap order (tasks without one are absent): one request per page. */
  listVentureGuides: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/guides',
    params: ventureIdParams,
    answer: z.array(ventureTaskGuideSchema),
    errors: [...SIGNED_IN, 'VENTURE.NOT_FOUND'],
  }),
} as const;
