import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { progressSchema } from '../schemas/progress.ts';
import { taskStatusSchema } from '../schemas/task-status.ts';
import {
  GUIDE_STAGES,
  guideEffortSchema,
  guideJurisdictionsSchema,
  guideSourceSchema,
  guideTemplateSchema,
} from '../schemas/task-guide-file.ts';
import { VENTURE_ROLES } from '../policy/venture-policy.ts';
import { TASK_STATUSES } from '../task-status.ts';
import { isCalendarDate, isTimeZone, REMINDER_KINDS } from '../values/dates.ts';
import {
  INVALID_TASK_STATUS,
  TASK_CATEGORIES,
  VENTURE_BLURB_TOO_LONG,
  VENTURE_NAME_REQUIRED,
  VENTURE_NAME_TOO_LONG,
} from '../values/venture.ts';
import { PROGRAM_VISIBILITIES, STAFF_ACCESS_KINDS } from '../policy/organization-policy.ts';
import {
  cursorPageSchema,
  defineRoute,
  INVALID_CURSOR_CODE,
  numericIdParams,
  objectIdParams,
  searchablePageQuery,
  successSchema,
} from './route.ts';

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

/** A calendar date, 'YYYY-MM-DD' (no time, no zone): see `values/dates.ts`. */
export const calendarDateSchema = z
  .string({ error: 'Dates must be written YYYY-MM-DD' })
  .refine(isCalendarDate, 'Dates must be real dates written YYYY-MM-DD');

/** An IANA time zone name ('Europe/Berlin'). */
export const timeZoneSchema = z
  .string({ error: 'Time zone must be text' })
  .refine(isTimeZone, 'Unknown time zone');

/** A member's role on a venture (see the venture policy). */
export const ventureRoleSchema = z.enum(VENTURE_ROLES, {
  error: `Role must be one of ${VENTURE_ROLES.join(', ')}`,
});

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
  /** The member the task is assigned to (an editor or owner), or null. */
  assigneeId: z.string().nullable(),
  /** Issue 17: when work is planned to start; null when not planned. Never after `dueDate`. */
  startDate: calendarDateSchema.nullable(),
  /** When it is due, in the venture's time zone; null when it has no due date. */
  dueDate: calendarDateSchema.nullable(),
  /** ISO 8601: when it last became `done`; null while it is not done. */
  completedAt: z.iso.datetime().nullable(),
  /** The ids of the venture's tasks that must be done before this one can be: see `changeTaskStatus`. */
  prerequisiteIds: z.array(z.string()),
  /** Issue 18: a mentor confirmed the done task; null when not (cleared when the task leaves `done`). */
  verifiedBy: z.object({ userId: z.string(), displayName: z.string() }).nullable(),
  /** ISO 8601; null when not verified. */
  verifiedAt: z.iso.datetime().nullable(),
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
  /** The user who created it (its first owner). */
  userId: z.string(),
  progress: progressSchema,
  /** The caller's role on it: the web shows "Shared with me" for ventures where it is not `owner`. */
  role: ventureRoleSchema,
});
export type VentureSummary = z.output<typeof ventureSummarySchema>;

/** A member of a venture. */
export const ventureMemberSchema = z.object({
  /** The auth user id. */
  userId: z.string(),
  email: z.string(),
  /** "First Last" when the profile has a name, else the e-mail address. */
  displayName: z.string(),
  role: ventureRoleSchema,
  /** ISO 8601: when they joined (the creator: when the venture was created). */
  joinedAt: z.iso.datetime(),
});
export type VentureMember = z.output<typeof ventureMemberSchema>;

/** A venture with its roadmap: tasks ordered by taskId ascending, members owners first then by joining. */
export const ventureDetailSchema = ventureSummarySchema.extend({
  /** Issue 17: the zone "today", due labels and reminders are computed in. */
  timeZone: z.string(),
  /** Issue 17: the day the founders aim to launch on; null when not set. */
  targetLaunchDate: calendarDateSchema.nullable(),
  tasks: z.array(ventureTaskSchema),
  members: z.array(ventureMemberSchema),
  // ---- Issue 18 (see `http/cohort.ts`, `ventureInstitutionFieldsSchema`, for their meaning) ----
  /** The program the venture is enrolled in, or null. */
  program: z
    .object({
      programId: z.string(),
      programName: z.string(),
      organizationName: z.string(),
      visibility: z.enum(PROGRAM_VISIBILITIES),
    })
    .nullable(),
  /**
   * How the caller reaches the venture when they are program staff and not a member (then `role` is
   * `viewer`, and with `tasksVisible` false `tasks` and `members` are empty); null for members.
   */
  staffAccess: z
    .object({
      kind: z.enum(STAFF_ACCESS_KINDS),
      canComment: z.boolean(),
      canVerify: z.boolean(),
      tasksVisible: z.boolean(),
    })
    .nullable(),
  /**
   * The organization template version the roadmap follows; null when it follows the master list and no
   * program it is enrolled in pins a version. `version` null: the master list, with `availableVersion`
   * the version its program pins (offered to the owners through the update preview).
   */
  template: z
    .object({
      organizationId: z.string(),
      version: z.number().int().nullable(),
      /** The program's pinned version when it is not the one the roadmap follows; else null. */
      availableVersion: z.number().int().nullable(),
    })
    .nullable(),
});
export type VentureDetail = z.output<typeof ventureDetailSchema>;

/** The answer of a task status change. */
export const taskStatusChangeSchema = z.object({
  ventureId: z.string(),
  task: ventureTaskSchema,
  /** The venture's progress right after the change. */
  progress: progressSchema,
});
export type TaskStatusChange = z.output<typeof taskStatusChangeSchema>;

/** A pending invitation as the venture's owners see it (never its token). */
export const invitationSchema = z.object({
  id: z.string(),
  ventureId: z.string(),
  /** Trimmed and lowercased. */
  email: z.string(),
  role: ventureRoleSchema,
  invitedBy: z.object({ userId: z.string(), displayName: z.string() }),
  /** ISO 8601: when it was created or last resent. */
  sentAt: z.iso.datetime(),
  /** ISO 8601: 7 days after `sentAt`; the link is dead after. */
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.output<typeof invitationSchema>;

/**
 * What the invitation page shows from the link's token, signed in or not. `viewer` says who opens it: the
 * web asks which account to use when `emailMatches` is false (accepting then is an explicit choice:
 * `acceptInvitation` with `acceptAsDifferentEmail: true`).
 */
export const invitationPreviewSchema = z.object({
  ventureName: z.string(),
  inviterName: z.string(),
  role: ventureRoleSchema,
  /** The address the invitation was sent to. */
  email: z.string(),
  expiresAt: z.iso.datetime(),
  viewer: z.object({
    signedIn: z.boolean(),
    /** The signed-in user's e-mail; null when signed out. */
    email: z.string().nullable(),
    /** null when signed out. */
    emailMatches: z.boolean().nullable(),
    /** The signed-in user is already a member of the venture (accepting only opens it). */
    alreadyMember: z.boolean(),
  }),
});
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

export const invitationAcceptedSchema = z.object({
  ventureId: z.string(),
  role: ventureRoleSchema,
  /** True when the caller was a member already: nothing changed, the invitation is used up. */
  alreadyMember: z.boolean(),
});
export type InvitationAccepted = z.output<typeof invitationAcceptedSchema>;

/**
 * The web page an invitation e-mail links to. The token rides in the fragment, which browsers never send
 * to a server (so no access log or proxy sees it); the page posts it to `previewInvitation` and
 * `acceptInvitation`.
 */
export const INVITATION_PAGE_PATH = '/invitation';

/** The header a client names one creation attempt with (`createVenture`): 1-100 of `[A-Za-z0-9_-]`. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The accept link of an invitation e-mail: `<publicUrl>/invitation#token=<token>`. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${INVITATION_PAGE_PATH}#token=${encodeURIComponent(token)}`;
}

/** The token of an invitation link's fragment (`location.hash`), or null. */
export function invitationTokenFromHash(hash: string): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(hash.startsWith('#') ? hash : `#${hash}`);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** A comment on a task: plain text, shown as it is (escaped). */
export const taskCommentSchema = z.object({
  id: z.string(),
  ventureId: z.string(),
  /** The venture task's id (24 hex digits). */
  taskId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  body: z.string(),
  /** Members named with `@name` or `@email` in the body, resolved when written or last edited. */
  mentionedIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  /** null until edited. */
  editedAt: z.iso.datetime().nullable(),
});
export type TaskComment = z.output<typeof taskCommentSchema>;

export const ACTIVITY_KINDS = [
  'task.status_changed',
  'task.assigned',
  'task.commented',
  'member.joined',
  'member.removed',
  'member.role_changed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const activityBase = {
  /** The id of the entry (and the cursor position). */
  id: z.string(),
  ventureId: z.string(),
  /** The id of the event it was built from: one entry per event. */
  eventId: z.string(),
  actor: z.object({ userId: z.string(), displayName: z.string() }),
  /** ISO 8601: when it happened. */
  at: z.iso.datetime(),
};
const taskRef = { taskId: z.string(), taskTitle: z.string() };
const memberRef = { userId: z.string(), displayName: z.string() };

/** One line of a venture's history: `kind` says which `details` it carries. */
export const activityEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    ...activityBase,
    kind: z.literal('task.status_changed'),
    details: z.object({ ...taskRef, fromStatus: taskStatusSchema, toStatus: taskStatusSchema }),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('task.assigned'),
    /** `assignee` null: the assignee was cleared. */
    details: z.object({ ...taskRef, assignee: z.object(memberRef).nullable() }),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('task.commented'),
    details: z.object({ ...taskRef, commentId: z.string() }),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('member.joined'),
    details: z.object({ member: z.object(memberRef), role: ventureRoleSchema }),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('member.removed'),
    /** `left`: the member left by themselves. */
    details: z.object({ member: z.object(memberRef), left: z.boolean() }),
  }),
  z.object({
    ...activityBase,
    kind: z.literal('member.role_changed'),
    details: z.object({
      member: z.object(memberRef),
      fromRole: ventureRoleSchema,
      toRole: ventureRoleSchema,
    }),
  }),
]);
export type ActivityEntry = z.output<typeof activityEntrySchema>;

/** A page of activity, newest first; `nextCursor` null on the last page. */
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.output<typeof activityPageSchema>;

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
  /** 4-8 concrete, actionable steps. */
  practices: z.array(z.string()),
  /** One specific, non-obvious tip. */
  proTip: z.string(),
  // Issue 21: the content file's further fields (optional in the answer, so older readers keep working).
  /** Guide ids to finish first (the standard prerequisite graph). */
  prerequisites: z.array(z.number().int()).optional(),
  effort: guideEffortSchema.optional(),
  stage: z.enum(GUIDE_STAGES).optional(),
  jurisdictions: guideJurisdictionsSchema.optional(),
  sources: z.array(guideSourceSchema).optional(),
  templates: z.array(guideTemplateSchema).optional(),
  /** 'YYYY-MM-DD'. */
  reviewedAt: z.string().optional(),
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
  /** Issue 18: whether a guide exists for it (always for the 50 standard tasks). */
  hasGuide: z.boolean().optional(),
  /**
   * Issue 18: the guide an administrator wrote for a task they added (what the edit form shows); null for
   * the standard tasks, whose guides are the built-in content, and for a task without one.
   */
  guide: z
    .object({ why: z.string(), practices: z.array(z.string()), proTip: z.string() })
    .nullable()
    .optional(),
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
  /** Owners, editors and viewers (at least 1: the owner; issue 16). */
  memberCount: z.number().int(),
});
export type AdminVenture = z.output<typeof adminVentureSchema>;

export const ventureStatsSchema = z.object({
  ventureCount: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
});
export type VentureStats = z.output<typeof ventureStatsSchema>;

/** An open prerequisite, as the 409 of `changeTaskStatus` lists it (`details.openPrerequisites`). */
export const openPrerequisiteSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: taskStatusSchema,
});
export type OpenPrerequisite = z.output<typeof openPrerequisiteSchema>;

/** The `details` of 409 `TASK.PREREQUISITES_OPEN`: every prerequisite not done yet, in roadmap order. */
export const prerequisitesOpenDetailsSchema = z.object({
  openPrerequisites: z.array(openPrerequisiteSchema),
});
export type PrerequisitesOpenDetails = z.output<typeof prerequisitesOpenDetailsSchema>;

/** The columns of a venture's CSV export, in order (the JSON export's task keys are the same, camelCased). */
export const VENTURE_EXPORT_CSV_COLUMNS = [
  'Task ID',
  'Title',
  'Category',
  'Status',
  'Start date',
  'Due date',
  'Assignee',
  'Completed at',
  'Prerequisites',
  'Comments',
] as const;

/** One task of an export. */
export const exportedTaskSchema = z.object({
  id: z.string(),
  taskId: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  status: taskStatusSchema,
  startDate: calendarDateSchema.nullable(),
  dueDate: calendarDateSchema.nullable(),
  /** The assignee's display name, or null. */
  assignee: z.string().nullable(),
  completedAt: z.iso.datetime().nullable(),
  /** The titles of its prerequisites. */
  prerequisites: z.array(z.string()),
  commentCount: z.number().int(),
});
export type ExportedTask = z.output<typeof exportedTaskSchema>;

/** `exportVentureJson`: the venture as a founder takes it elsewhere. */
export const ventureExportSchema = z.object({
  /** ISO 8601. */
  exportedAt: z.iso.datetime(),
  venture: z.object({
    id: z.string(),
    name: z.string(),
    blurb: z.string(),
    createdAt: z.iso.datetime(),
    timeZone: z.string(),
    targetLaunchDate: calendarDateSchema.nullable(),
    progress: progressSchema,
  }),
  tasks: z.array(exportedTaskSchema),
});
export type VentureExport = z.output<typeof ventureExportSchema>;

/**
 * What the account export holds from the venture service for one user: every venture they are a member of,
 * with its tasks, every comment on them and its whole activity history (right to data portability).
 */
export const userVentureDataSchema = z.object({
  ventures: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      blurb: z.string(),
      createdAt: z.iso.datetime(),
      timeZone: z.string(),
      targetLaunchDate: calendarDateSchema.nullable(),
      role: ventureRoleSchema,
      members: z.array(ventureMemberSchema),
      tasks: z.array(ventureTaskSchema),
      comments: z.array(taskCommentSchema),
      activity: z.array(activityEntrySchema),
    }),
  ),
});
export type UserVentureData = z.output<typeof userVentureDataSchema>;

/** Whether the caller has a calendar feed (its URL is shown only when created or regenerated). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  /** ISO 8601: when the current URL was made; null when there is none. */
  createdAt: z.iso.datetime().nullable(),
  /** ISO 8601: when a calendar last fetched it; null when never. */
  lastFetchedAt: z.iso.datetime().nullable(),
});
export type CalendarFeedStatus = z.output<typeof calendarFeedStatusSchema>;

/** A new calendar feed URL: shown once, then only its hash is kept. */
export const calendarFeedCreatedSchema = z.object({
  /** `<publicUrl>/api/calendar/<token>/tasks.ics`. */
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type CalendarFeedCreated = z.output<typeof calendarFeedCreatedSchema>;

/** Reminder kinds (re-exported for the mailer's and the scheduler's schemas). */
export const reminderKindSchema = z.enum(REMINDER_KINDS);

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
  /** The browser's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); 'UTC' when absent. */
  timeZone: timeZoneSchema.optional(),
});

/** Only the keys present change. */
export const updateVentureBody = z.strictObject({
  name: name.optional(),
  blurb: blurb.optional(),
  timeZone: timeZoneSchema.optional(),
  /** null clears it. */
  targetLaunchDate: calendarDateSchema.nullable().optional(),
});

export const START_AFTER_DUE = 'The start date must be on or before the due date';

/** Both keys required: null clears a date. */
export const setTaskDatesBody = z
  .strictObject({
    startDate: calendarDateSchema.nullable(),
    dueDate: calendarDateSchema.nullable(),
  })
  .refine((dates) => !dates.startDate || !dates.dueDate || dates.startDate <= dates.dueDate, {
    message: START_AFTER_DUE,
    path: ['startDate'],
  });

/** The whole list (it replaces the task's prerequisites): ids of other tasks of the same venture. */
export const setPrerequisitesBody = z.strictObject({
  prerequisiteIds: z
    .array(z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid task id'), {
      error: 'prerequisiteIds must be a list of task ids',
    })
    .max(LIMITS.prerequisites.max, `A task can have at most ${LIMITS.prerequisites.max} prerequisites`)
    .refine(
      (ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length,
      'A prerequisite is listed twice',
    ),
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

/**
 * Issue 18: the guide of a task an administrator adds to the master list (the 50 standard tasks have theirs
 * in the content files). Shown like a standard guide in the task drawer.
 */
export const masterGuideBody = z.strictObject({
  why: z
    .string({ error: 'Why must be text' })
    .trim()
    .min(1, 'Why is required')
    .max(2000, 'Why must be at most 2000 characters'),
  practices: z
    .array(
      z.string({ error: 'A practice must be text' }).trim().min(1, 'A practice cannot be empty').max(500),
    )
    .min(1, 'Add at least one practice')
    .max(10, 'At most 10 practices'),
  proTip: z
    .string({ error: 'Pro tip must be text' })
    .trim()
    .max(1000, 'Pro tip must be at most 1000 characters'),
});

export const createTemplateBody = z.strictObject({
  title: templateTitle,
  description: templateDescription.optional().transform((value) => value ?? ''),
  category: templateCategory.optional().transform((value) => value ?? ''),
  /** Issue 18: its guide (optional, so older clients keep working; the admin form asks for it). */
  guide: masterGuideBody.optional(),
});

export const updateTemplateBody = z.strictObject({
  title: templateTitle.optional(),
  description: templateDescription.optional(),
  category: templateCategory.optional(),
  guide: masterGuideBody.nullable().optional(),
});

const INVALID_EMAIL = 'Please enter a valid email address';

export const inviteMemberBody = z.strictObject({
  email: z
    .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : INVALID_EMAIL) })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(LIMITS.account.email.max, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL)),
  role: ventureRoleSchema,
});

export const changeMemberRoleBody = z.strictObject({ role: ventureRoleSchema });

const INVALID_INVITATION = 'This invitation link is invalid or has expired';
const invitationToken = z
  .string({ error: INVALID_INVITATION })
  .min(1, INVALID_INVITATION)
  .max(LIMITS.invitation.token.max, INVALID_INVITATION);

export const invitationTokenBody = z.strictObject({ token: invitationToken });

export const acceptInvitationBody = z.strictObject({
  token: invitationToken,
  /**
   * The invitation was sent to another address than the signed-in user's: accepting with this account is
   * an explicit choice. Without it such an accept is 409 `INVITATION.EMAIL_MISMATCH` and nothing changes.
   */
  acceptAsDifferentEmail: z.boolean('acceptAsDifferentEmail must be true or false').optional(),
});

export const setAssigneeBody = z.strictObject({
  /** A member with the editor or owner role; null clears. */
  assigneeId: z
    .string({ error: 'assigneeId must be a user id or null' })
    .regex(/^[0-9a-f]{24}$/i, 'assigneeId must be a user id or null')
    .nullable(),
});

const COMMENT_REQUIRED = 'Please write a comment';
const commentText = z
  .string({ error: COMMENT_REQUIRED })
  .trim()
  .min(1, COMMENT_REQUIRED)
  .max(LIMITS.comment.body.max, `A comment must be ${LIMITS.comment.body.max} characters or less`);

export const commentBody = z.strictObject({ body: commentText });

export const activityQuery = z.strictObject({
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string({ error: 'Invalid cursor' })
    .regex(/^[0-9a-f]{24}$/i, 'Invalid cursor')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(30),
});

const hexId = (message: string) => z.string().regex(/^[0-9a-f]{24}$/i, message);
export const memberParams = z.strictObject({
  id: hexId('Invalid venture id'),
  userId: hexId('Invalid user id'),
});
export const invitationParams = z.strictObject({
  id: hexId('Invalid venture id'),
  invitationId: hexId('Invalid invitation id'),
});
export const commentParams = z.strictObject({
  id: hexId('Invalid task id'),
  commentId: hexId('Invalid comment id'),
});

const demoPerson = z.strictObject({
  userId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid user id'),
  email: z.string().min(1).max(LIMITS.account.email.max),
  displayName: z.string().min(1).max(200),
});
export const resetDemoVentureBody = z.strictObject({ owner: demoPerson, coFounder: demoPerson.nullable() });

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
  /**
   * A new venture with a copy of every master task template, all `todo`. Idempotent (issue 20): a request
   * with the same `Idempotency-Key` header as an earlier one of the same user, or with the same name as a
   * venture the user created less than a second before (up to two, by second boundaries), answers that
   * venture and creates nothing (a double-click makes one venture).
   */
  createVenture: defineRoute({
    method: 'POST',
    path: '/api/ventures',
    status: 201,
    body: createVentureBody,
    answer: ventureDetailSchema,
    /**
     * Issue 18: `VENTURE.PLAN_LIMIT` (403, message `planLimitMessage(limit)`, `details: { limit }`) when a
     * Free-plan user already owns the limit's number of ventures and is no member of an Enterprise
     * organization. A founder enrolled in a program whose venture is not chosen yet gets the program's
     * template version and the venture is enrolled.
     */
    errors: [...SIGNED_IN, 'VENTURE.PLAN_LIMIT'],
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
    errors: [
      ...SIGNED_IN,
      'TASK.NOT_FOUND',
      'TASK.INVALID_TRANSITION',
      'TASK.STATUS_CHANGED',
      /** 409 with `details` (`prerequisitesOpenDetailsSchema`): only the move to `done` is refused. */
      'TASK.PREREQUISITES_OPEN',
    ],
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

/*
 * Founding teams (issue 16): members, invitations, assignees, comments and activity. Every route on a
 * venture, task or comment answers 404 (`VENTURE.NOT_FOUND`, `TASK.NOT_FOUND`, `COMMENT.NOT_FOUND`) to a
 * non-member exactly as for an unknown id, and 403 `VENTURE.FORBIDDEN` to a member whose role is too low
 * (`can(role, action)` of the venture policy); nothing changes in either case. The routes above follow the
 * same rule: `getVenture` any member, `updateVenture` and `deleteVenture` owners, `changeTaskStatus`
 * editors and owners.
 */
const MEMBER = ['AUTH.UNAUTHENTICATED', 'VENTURE.NOT_FOUND', 'VENTURE.FORBIDDEN'] as const;
const TASK_MEMBER = ['AUTH.UNAUTHENTICATED', 'TASK.NOT_FOUND', 'VENTURE.FORBIDDEN'] as const;

export const ventureTeamApi = {
  /** Any member: owners first, then by joining. */
  listMembers: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/members',
    params: ventureIdParams,
    answer: z.array(ventureMemberSchema),
    errors: MEMBER,
  }),
  /** Owners. The last owner cannot be demoted (409 `VENTURE.LAST_OWNER`). */
  changeMemberRole: defineRoute({
    method: 'PATCH',
    path: '/api/ventures/:id/members/:userId',
    params: memberParams,
    body: changeMemberRoleBody,
    answer: ventureMemberSchema,
    errors: [...MEMBER, 'MEMBER.NOT_FOUND', 'VENTURE.LAST_OWNER'],
  }),
  /**
   * Owners remove a member; any member removes themselves (leaves). The last owner can do neither
   * (409 `VENTURE.LAST_OWNER`).
   */
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/ventures/:id/members/:userId',
    params: memberParams,
    answer: successSchema,
    errors: [...MEMBER, 'MEMBER.NOT_FOUND', 'VENTURE.LAST_OWNER'],
  }),
  /** Owners: the pending (unexpired, unused) invitations, newest first. */
  listInvitations: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/invitations',
    params: ventureIdParams,
    answer: z.array(invitationSchema),
    errors: MEMBER,
  }),
  /**
   * Owners: invites an address with a role (an e-mail with a 7-day single-use link). 409
   * `INVITATION.ALREADY_MEMBER` when the address is a member's, `INVITATION.ALREADY_PENDING` when a pending
   * invitation exists for it (resend that one); 403 `INVITATION.DEMO_ACCOUNT` for the demo account either way.
   */
  createInvitation: defineRoute({
    method: 'POST',
    path: '/api/ventures/:id/invitations',
    status: 201,
    params: ventureIdParams,
    body: inviteMemberBody,
    answer: invitationSchema,
    errors: [
      ...MEMBER,
      'AUTH.SESSION_ENDED',
      'INVITATION.ALREADY_MEMBER',
      'INVITATION.ALREADY_PENDING',
      'INVITATION.DEMO_ACCOUNT',
      'INVITATION.TOO_MANY',
    ],
  }),
  /** Owners: a new link (the old one stops working) and seven more days. */
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/api/ventures/:id/invitations/:invitationId/resend',
    params: invitationParams,
    answer: invitationSchema,
    errors: [...MEMBER, 'AUTH.SESSION_ENDED', 'INVITATION.NOT_FOUND'],
  }),
  /** Owners: the link stops working. */
  revokeInvitation: defineRoute({
    method: 'DELETE',
    path: '/api/ventures/:id/invitations/:invitationId',
    params: invitationParams,
    answer: successSchema,
    errors: [...MEMBER, 'INVITATION.NOT_FOUND'],
  }),
  /**
   * Public (signed in or not): what the link's page shows. A token in a POST body, never in a URL the
   * gateway or a proxy would log. Unknown, used, revoked or expired → 404 `INVITATION.INVALID`.
   */
  previewInvitation: defineRoute({
    method: 'POST',
    path: '/api/invitations/preview',
    body: invitationTokenBody,
    answer: invitationPreviewSchema,
    errors: ['INVITATION.INVALID'],
  }),
  /**
   * Signed in: becomes a member with the invitation's role (or, already a member, just uses it up). 409
   * `INVITATION.EMAIL_MISMATCH` when the invitation was sent to another address and
   * `acceptAsDifferentEmail` is not true; 403 `INVITATION.DEMO_ACCOUNT` for the demo account.
   */
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/invitations/accept',
    body: acceptInvitationBody,
    answer: invitationAcceptedSchema,
    errors: [
      'AUTH.UNAUTHENTICATED',
      'AUTH.SESSION_ENDED',
      'INVITATION.INVALID',
      'INVITATION.EMAIL_MISMATCH',
      'INVITATION.DEMO_ACCOUNT',
    ],
  }),
  /** Editors and owners; the assignee must be an editor or owner (400 `TASK.INVALID_ASSIGNEE`). */
  setTaskAssignee: defineRoute({
    method: 'PUT',
    path: '/api/venture-tasks/:id/assignee',
    params: taskIdParams,
    body: setAssigneeBody,
    answer: ventureTaskSchema,
    errors: [...TASK_MEMBER, 'TASK.INVALID_ASSIGNEE'],
  }),
  /** Any member: oldest first. */
  listComments: defineRoute({
    method: 'GET',
    path: '/api/venture-tasks/:id/comments',
    params: taskIdParams,
    answer: z.array(taskCommentSchema),
    errors: TASK_MEMBER,
  }),
  /** Any member (viewers too). */
  createComment: defineRoute({
    method: 'POST',
    path: '/api/venture-tasks/:id/comments',
    status: 201,
    params: taskIdParams,
    body: commentBody,
    answer: taskCommentSchema,
    errors: TASK_MEMBER,
  }),
  /** Its author only (403 `COMMENT.NOT_AUTHOR` for other members). */
  updateComment: defineRoute({
    method: 'PATCH',
    path: '/api/venture-tasks/:id/comments/:commentId',
    params: commentParams,
    body: commentBody,
    answer: taskCommentSchema,
    errors: [...TASK_MEMBER, 'COMMENT.NOT_FOUND', 'COMMENT.NOT_AUTHOR'],
  }),
  /** Its author only (403 `COMMENT.NOT_AUTHOR` for other members). */
  deleteComment: defineRoute({
    method: 'DELETE',
    path: '/api/venture-tasks/:id/comments/:commentId',
    params: commentParams,
    answer: successSchema,
    errors: [...TASK_MEMBER, 'COMMENT.NOT_FOUND', 'COMMENT.NOT_AUTHOR'],
  }),
  /** Any member: newest first, `limit` (default 30, at most 100) per page. */
  listActivity: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/activity',
    params: ventureIdParams,
    query: activityQuery,
    answer: activityPageSchema,
    errors: MEMBER,
  }),
} as const;

/*
 * Plans with dates (issue 17). Dates and prerequisites follow the venture policy (`setDates`: editors and
 * owners), and the same 404-for-non-members rule as the team routes. Exports are any member's.
 */
export const venturePlanApi = {
  /** Editors and owners: replaces both dates (null clears one). Moving the due date re-arms its reminders. */
  setTaskDates: defineRoute({
    method: 'PUT',
    path: '/api/venture-tasks/:id/dates',
    params: taskIdParams,
    body: setTaskDatesBody,
    answer: ventureTaskSchema,
    /** 409 `TASK.STATUS_CHANGED`: its due date was moved meanwhile (nothing changed; reload). */
    errors: [...TASK_MEMBER, 'TASK.STATUS_CHANGED'],
  }),
  /**
   * Editors and owners: replaces the task's prerequisites. 400 `TASK.INVALID_PREREQUISITE` for an id that is
   * not another task of the same venture, 400 `TASK.PREREQUISITE_CYCLE` when the list would close a cycle
   * (the message names the tasks on it).
   */
  setTaskPrerequisites: defineRoute({
    method: 'PUT',
    path: '/api/venture-tasks/:id/prerequisites',
    params: taskIdParams,
    body: setPrerequisitesBody,
    answer: ventureTaskSchema,
    /** 409 `TASK.STATUS_CHANGED`: a prerequisite list of the venture changed meanwhile (nothing changed). */
    errors: [...TASK_MEMBER, 'TASK.INVALID_PREREQUISITE', 'TASK.PREREQUISITE_CYCLE', 'TASK.STATUS_CHANGED'],
  }),
  /**
   * Any member: `text/csv` (columns `VENTURE_EXPORT_CSV_COLUMNS`, one row per task in roadmap order),
   * streamed, as an attachment named after the venture.
   */
  exportVentureCsv: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/export.csv',
    params: ventureIdParams,
    answer: z.string(),
    errors: MEMBER,
  }),
  /** Any member: the same as JSON, as an attachment. */
  exportVentureJson: defineRoute({
    method: 'GET',
    path: '/api/ventures/:id/export.json',
    params: ventureIdParams,
    answer: ventureExportSchema,
    errors: MEMBER,
  }),
  /** Signed in: whether the caller has a calendar feed. */
  getCalendarFeed: defineRoute({
    method: 'GET',
    path: '/api/calendar-feed',
    answer: calendarFeedStatusSchema,
    errors: ['AUTH.UNAUTHENTICATED'],
  }),
  /** Signed in: a new feed URL (the previous one, if any, answers 404 from now on). */
  createCalendarFeed: defineRoute({
    method: 'POST',
    path: '/api/calendar-feed',
    status: 201,
    answer: calendarFeedCreatedSchema,
    errors: SIGNED_IN,
  }),
  /** Signed in: the feed URL stops working. */
  revokeCalendarFeed: defineRoute({
    method: 'DELETE',
    path: '/api/calendar-feed',
    answer: successSchema,
    errors: ['AUTH.UNAUTHENTICATED'],
  }),
  /**
   * Public, no session (calendar apps fetch it), rate-limited by the gateway: `text/calendar`, one all-day
   * event per dated task of every venture the token's user can open, with an ETag. An unknown, revoked or
   * replaced token answers 404 `CALENDAR_FEED.NOT_FOUND`.
   */
  calendarFeed: defineRoute({
    method: 'GET',
    path: '/api/calendar/:token/tasks.ics',
    params: z.strictObject({
      token: z
        .string()
        .min(1)
        .max(LIMITS.calendarFeed.token.max)
        .regex(/^[A-Za-z0-9_-]+$/),
    }),
    answer: z.string(),
    errors: ['CALENDAR_FEED.NOT_FOUND'],
  }),
} as const;

/** Calls from other services only (`/internal`, a service identity required): the admin dashboard's. */
export const ventureInternalApi = {
  stats: defineRoute({ method: 'GET', path: '/internal/stats', answer: ventureStatsSchema }),
  /**
   * A page of live ventures with owner, completion and member count, newest first (created, then id, both
   * descending), searched by name with `q` (issue 18).
   */
  listVentures: defineRoute({
    method: 'GET',
    path: '/internal/ventures',
    query: searchablePageQuery,
    answer: cursorPageSchema(adminVentureSchema),
    errors: [INVALID_CURSOR_CODE],
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
  /**
   * The demo account's sample venture back to its seeded state (at start and on a schedule, called by auth):
   * every venture of `owner` is removed (with no event, no e-mail) and the sample is created part-way
   * through its roadmap, with `coFounder` as an editor, comments and activity. Idempotent.
   */
  resetDemoVenture: defineRoute({
    method: 'PUT',
    path: '/internal/demo-venture',
    body: resetDemoVentureBody,
    answer: z.object({ ventureId: z.string() }),
  }),
  /**
   * An organization's published template versions, oldest first (the organization service checks the
   * version a program pins with it: `TEMPLATE.VERSION_NOT_FOUND` when it is not among them). An organization
   * that never published answers an empty list.
   */
  listTemplateVersions: defineRoute({
    method: 'GET',
    path: '/internal/organizations/:id/template-versions',
    params: objectIdParams('Invalid organization id'),
    answer: z.array(z.object({ version: z.number().int().min(1), publishedAt: z.iso.datetime() })),
  }),
  /** Issue 17: the venture part of a user's account export (auth's `exportAccount` calls it). */
  userVentureData: defineRoute({
    method: 'GET',
    path: '/internal/users/:id/venture-data',
    params: objectIdParams('Invalid user id'),
    answer: userVentureDataSchema,
  }),
} as const;
