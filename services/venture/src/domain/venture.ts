import {
  AppError,
  createEvent,
  type CursorPage,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@app/common';
import {
  computeProgress,
  DEFAULT_TASK_CATEGORY,
  VENTURE_ROLES,
  type ActivityEntry,
  type CalendarDate,
  type ReminderKind,
  type EventMember,
  type EventPerson,
  type Invitation,
  type PageRequest,
  type TaskStatus,
  type VentureMember,
  type VentureRole,
  type TaskTemplate,
  type VentureDetail,
  type VentureStats,
  type VentureSummary,
  type VentureTask,
} from '@app/contracts';
import { findTaskGuide } from '../content/task-guides.ts';
import type { CalendarFeedRepository } from './calendar-feed.ts';
import type { InstitutionStore } from './institutions.ts';
import type { OrgTemplateStore } from './org-templates.ts';

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
  /** A member with the editor or owner role, or null. */
  assigneeId: string | null;
  /** Issue 17: 'YYYY-MM-DD' or null. */
  startDate: string | null;
  dueDate: string | null;
  /** When it last became done; null while not done. */
  completedAt: Date | null;
  /** Ids of tasks of the same venture that must be done first. */
  prerequisiteIds: string[];
  /** Issue 17: reminder kind → the due date it was sent for (internal: never answered). */
  remindedFor?: Partial<Record<ReminderKind, string>>;
  /** Issue 18: when its status last changed (null on tasks untouched since before issue 18). */
  statusChangedAt?: Date | null;
  /** Issue 18: the mentor who verified the done task, and when; null when not verified. */
  verifiedBy?: { userId: string; displayName: string } | null;
  verifiedAt?: Date | null;
}

export interface MemberRecord {
  userId: string;
  email: string;
  /** "First Last", else the e-mail address; as when they joined. */
  displayName: string;
  role: VentureRole;
  joinedAt: Date;
}

export interface InvitationRecord {
  id: string;
  /** Trimmed and lowercased. */
  email: string;
  role: VentureRole;
  /** SHA-256 of the link's token, hex: the token itself is never stored. */
  tokenHash: string;
  invitedBy: { userId: string; displayName: string };
  sentAt: Date;
  expiresAt: Date;
}

export interface VentureRecord {
  id: string;
  userId: string;
  /** The owner's username (e-mail) when the venture was created, for events; not refreshed. */
  ownerUsername: string;
  name: string;
  blurb: string;
  createdAt: Date;
  /** Issue 17: an IANA zone ('UTC' for ventures created before it). */
  timeZone: string;
  /** Issue 17: 'YYYY-MM-DD' or null. */
  targetLaunchDate: string | null;
  /** Ordered by taskId ascending. */
  tasks: VentureTaskRecord[];
  /** Owners first, then by joining; at least one owner. */
  members: MemberRecord[];
  /** Pending and expired-but-not-yet-removed invitations. */
  invitations: InvitationRecord[];
  /** Issue 18: the organization template version the roadmap follows; null (or absent): the master list. */
  template?: VentureTemplateRef | null;
}

/** Issue 18: an organization template version. */
export interface VentureTemplateRef {
  organizationId: string;
  version: number;
}

/** A venture as the cohort dashboard reads it (issue 18). */
export interface CohortVentureRecord {
  id: string;
  name: string;
  blurb: string;
  userId: string;
  createdAt: Date;
  timeZone: string;
  tasks: Array<{
    taskId: number;
    title: string;
    category: string;
    status: TaskStatus;
    dueDate: string | null;
    completedAt: Date | null;
    statusChangedAt: Date | null;
    verifiedAt: Date | null;
  }>;
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
  /** Owners, editors and viewers (at least 1: the owner). */
  memberCount: number;
}

export type { VentureStats };

export interface NewVenture {
  id: string;
  userId: string;
  ownerUsername: string;
  name: string;
  blurb: string;
  timeZone: string;
  targetLaunchDate: string | null;
  tasks: VentureTaskRecord[];
  /** The creator, as the first owner. */
  members: MemberRecord[];
  /** The client's Idempotency-Key: a second `create` with the same creator and key makes nothing. */
  creationKey?: string;
  /** The name with the second of creation and the next: a second `create` sharing one makes nothing. */
  nameWindowKeys?: string[];
  /** Issue 18: the organization template version its tasks come from (absent: the master list). */
  template?: VentureTemplateRef;
}

export type OutboxEvent = EventEnvelope;

/** A venture as the reminder scan reads it: only what deciding and addressing a reminder needs. */
export interface ReminderCandidate {
  id: string;
  name: string;
  timeZone: string;
  members: MemberRecord[];
  tasks: Array<{
    id: string;
    /** The template's id (issue 21: says which guide's Spanish title the reminder carries). */
    taskId: number;
    title: string;
    status: TaskStatus;
    assigneeId: string | null;
    dueDate: CalendarDate | null;
    remindedFor: Partial<Record<ReminderKind, CalendarDate>>;
    nextReminderOn: CalendarDate | null;
  }>;
}

/**
 * What the use cases need from storage. Every method that changes state and takes `events` writes them
 * into the venture's outbox in the SAME single-document write. Reads and writes ignore deleted ventures,
 * and every user-facing one is scoped to the venture's members: anyone else's venture simply does not
 * match. A write that needs a role has it in its filter too, so a concurrent demotion or removal makes it
 * match nothing (null / false) rather than slip through.
 */
export interface VentureRepository {
  newId(): string;
  isValidId(id: string): boolean;
  /** The live venture if `userId` is one of its members. */
  findForMember(id: string, userId: string): Promise<VentureRecord | null>;
  /** The live venture holding the task with this id, if `userId` is one of its members. */
  findForMemberByTask(taskId: string, userId: string): Promise<VentureRecord | null>;
  /** Every live venture `userId` is a member of, oldest first. */
  listForMember(userId: string): Promise<VentureRecord[]>;
  /**
   * Inserts the venture with its events. When the creator already has a venture with the same
   * `creationKey` or one of the same `nameWindowKeys` (a repeated request), nothing is written and that
   * venture is answered instead.
   */
  create(venture: NewVenture, events: OutboxEvent[]): Promise<VentureRecord>;
  /** null when no live venture has this id with `userId` as an owner. */
  update(
    id: string,
    userId: string,
    changes: { name?: string; blurb?: string; timeZone?: string; targetLaunchDate?: string | null },
    /** Issue 17: tasks whose reminder day changes with the venture's zone, stored in the same write. */
    reminders?: ReadonlyArray<{ taskId: string; nextReminderOn: string | null }>,
  ): Promise<VentureRecord | null>;
  /**
   * Sets one task's status only if it still is `from` (so of two concurrent changes only one wins) and
   * `userId` still is an editor or owner, records the owner's current username, in one write with its
   * events. Answers the venture as it is after the write, or null when nothing matched.
   */
  changeTaskStatus(
    change: {
      ventureId: string;
      userId: string;
      taskId: string;
      from: TaskStatus;
      to: TaskStatus;
      ownerUsername: string;
      /** Issue 17: set when it becomes done, null when it leaves done (unchanged otherwise). */
      completedAt: Date | null;
      /** Issue 18: now (the blocked-days risk rule reads it); leaving done also clears the verification. */
      statusChangedAt?: Date;
      /** The reminder schedule after the change (`nextReminderOn`). */
      nextReminderOn: string | null;
      /**
       * Moving to done: the task's prerequisites as read (all done). The write matches only if the task still
       * has exactly these and every one of them still is done, so a concurrent reopen or a new prerequisite
       * makes it match nothing.
       */
      requireDone?: string[];
    },
    events: OutboxEvent[],
  ): Promise<VentureRecord | null>;
  /**
   * Issue 17: sets both dates and `nextReminderOn` if `actorId` still is an editor or owner; when the due
   * date moves (`dueDateChanged`), clears `remindedFor` in the same write (every reminder re-armed). null
   * when nothing matched.
   */
  setTaskDates(change: {
    ventureId: string;
    actorId: string;
    taskId: string;
    startDate: string | null;
    dueDate: string | null;
    /** The due date as read: the write matches only if it still is. */
    previousDueDate: string | null;
    dueDateChanged: boolean;
    nextReminderOn: string | null;
  }): Promise<VentureRecord | null>;
  /**
   * Issue 17: replaces a task's prerequisites if `actorId` still is an editor or owner and the venture's
   * prerequisite lists are still the ones read (`expected`: task id → its ids), so a concurrent change
   * cannot close a loop unseen; null when nothing matched.
   */
  setPrerequisites(change: {
    ventureId: string;
    actorId: string;
    taskId: string;
    prerequisiteIds: string[];
    expected: ReadonlyArray<{ taskId: string; prerequisiteIds: string[] }>;
  }): Promise<VentureRecord | null>;
  /**
   * Startup migration (idempotent, issue 17): ventures none of whose tasks has a `prerequisiteIds` field get
   * the curated graph (`graph(templateId)` → template ids) mapped to their tasks' ids, each by a conditional
   * write. A venture whose lists were emptied by its owners has `[]`, not an absent field: left alone.
   */
  migratePrerequisites(graph: (templateId: number) => readonly number[]): Promise<number>;
  /**
   * Sets (or clears) a task's assignee if `actorId` still is an editor or owner and the assignee still is
   * one; null when nothing matched.
   */
  setAssignee(
    change: { ventureId: string; actorId: string; taskId: string; assigneeId: string | null },
    events: OutboxEvent[],
  ): Promise<VentureRecord | null>;
  /** Marks the venture deleted together with its events if `userId` is an owner; false when nothing matched. */
  markDeleted(id: string, userId: string, events: OutboxEvent[]): Promise<boolean>;
  /**
   * Changes a member's role from `from` to `to` if `actorId` is an owner and, when an owner is demoted,
   * another owner remains; false when nothing matched.
   */
  changeMemberRole(
    change: { ventureId: string; actorId: string; memberId: string; from: VentureRole; to: VentureRole },
    events: OutboxEvent[],
  ): Promise<boolean>;
  /**
   * Removes a member (their tasks become unassigned) if `actorId` is an owner or the member themselves,
   * and an owner other than the member remains; false when nothing matched.
   */
  removeMember(
    change: { ventureId: string; actorId: string; memberId: string; role: VentureRole },
    events: OutboxEvent[],
  ): Promise<boolean>;
  /**
   * Adds an invitation if `actorId` is an owner, the address is no member's and no other invitation's, and
   * fewer than `maxPending` are kept; false when nothing matched.
   */
  addInvitation(
    change: { ventureId: string; actorId: string; invitation: InvitationRecord; maxPending: number },
    events: OutboxEvent[],
  ): Promise<boolean>;
  /** Drops the venture's invitations that expired before `now`. */
  dropExpiredInvitations(ventureId: string, now: Date): Promise<void>;
  /** A new token hash and validity for an invitation, if `actorId` is an owner; false when nothing matched. */
  renewInvitation(
    change: {
      ventureId: string;
      actorId: string;
      invitationId: string;
      tokenHash: string;
      sentAt: Date;
      expiresAt: Date;
    },
    events: OutboxEvent[],
  ): Promise<boolean>;
  /** Removes an invitation if `actorId` is an owner; false when nothing matched. */
  removeInvitation(change: { ventureId: string; actorId: string; invitationId: string }): Promise<boolean>;
  /** The live venture holding an invitation with this token hash. */
  findByInvitationTokenHash(tokenHash: string): Promise<VentureRecord | null>;
  /**
   * Uses up the invitation (still with this token hash and unexpired at `now`) and, when `member` is given
   * and not a member yet, adds them, in one write with the events; false when nothing matched.
   */
  acceptInvitation(
    change: {
      ventureId: string;
      invitationId: string;
      tokenHash: string;
      now: Date;
      member: MemberRecord | null;
    },
    events: OutboxEvent[],
  ): Promise<boolean>;
  /** Every live venture a user is a member of, with their role and the venture's owner count (the user.deleted cascade). */
  listMembershipsOfUser(
    userId: string,
  ): Promise<Array<{ ventureId: string; role: VentureRole; ownerCount: number }>>;
  /** Removes a deleted user from a venture's members (no event: nobody is told). */
  dropDeletedMember(ventureId: string, userId: string): Promise<void>;
  /** The ids of every venture `userId` created, deleted or not, oldest first. */
  idsCreatedBy(userId: string): Promise<string[]>;
  /**
   * The demo account's reset: every other venture `userId` created goes and `venture` is written in one
   * step, in place of the one with its id if there is one; no events (nobody is told).
   */
  replaceCreatedBy(userId: string, venture: NewVenture): Promise<void>;
  /** Deletes a venture outright, with its events (the user.deleted cascade for a sole owner). */
  markDeletedBySystem(id: string, events: OutboxEvent[]): Promise<boolean>;
  /** A page of live ventures' overviews, newest first, searched by name (`@app/common` paging). */
  listOverviewPage(page: PageRequest): Promise<CursorPage<VentureOverviewRecord>>;
  stats(): Promise<VentureStats>;
  /**
   * The reminder scheduler's scan (issue 17): live ventures with a task whose `nextReminderOn` is on or
   * before `through`, streamed in batches of `batchSize` (never all at once), with only what reminders need.
   */
  reminderCandidates(through: CalendarDate, batchSize: number): AsyncIterable<ReminderCandidate>;
  /**
   * Marks a task's reminder `kind` sent for `dueDate` and stores its next reminder day, with its event, in
   * ONE write conditional on the task still having this due date, not being done, and `kind` not sent for
   * this due date yet; with `kind` null only stores `nextReminderOn` (conditional on the due date). False
   * when nothing matched (another replica came first, or the task changed).
   */
  markReminder(
    change: {
      ventureId: string;
      taskId: string;
      dueDate: CalendarDate;
      kind: ReminderKind | null;
      nextReminderOn: CalendarDate | null;
    },
    events: OutboxEvent[],
  ): Promise<boolean>;
  // ---- Issue 18 ----
  /** The live venture, whoever asks (program staff: the caller's access is decided by the enrolment). */
  findLive(id: string): Promise<VentureRecord | null>;
  /** The live venture holding this task, whoever asks. */
  findLiveByTask(taskId: string): Promise<VentureRecord | null>;
  /** How many live ventures `userId` is an owner of (the Free plan's limit). */
  ownedCount(userId: string): Promise<number>;
  /**
   * The venture an earlier identical creation request of `userId` made (same Idempotency-Key or name
   * window), or null: a repeated request is answered even when the plan's limit is reached since.
   */
  findRepeatedCreation(
    userId: string,
    creationKey: string | undefined,
    nameWindowKeys: string[],
  ): Promise<VentureRecord | null>;
  /** The cohort dashboard's one venture query: live ventures by id, only what the heatmap needs. */
  cohortVentures(ids: readonly string[]): Promise<CohortVentureRecord[]>;
  /**
   * Sets (`verifiedBy` given) or clears a task's verification; setting is conditional on the task being
   * done. Answers the task after the write, or null when nothing matched.
   */
  setVerification(change: {
    ventureId: string;
    taskId: string;
    verifiedBy: { userId: string; displayName: string } | null;
    verifiedAt: Date | null;
  }): Promise<VentureTaskRecord | null>;
  /**
   * Issue 18: moves the venture to another template version if `userId` still is an owner and it still
   * follows `from` (null: the master list): tasks in `removeTaskIds` are parked (kept with their status,
   * dates and assignee), parked tasks in `restoreTaskIds` come back, `add` are new; prerequisites on tasks
   * that leave are dropped. Kept tasks are not touched. null when nothing matched.
   */
  applyTemplate(change: {
    ventureId: string;
    userId: string;
    from: VentureTemplateRef | null;
    to: VentureTemplateRef;
    removeTaskIds: readonly number[];
    restoreTaskIds: readonly number[];
    add: VentureTaskRecord[];
  }): Promise<VentureRecord | null>;
  /** Issue 18: the template ids of the tasks the venture keeps parked. */
  parkedTaskIds(ventureId: string): Promise<number[]>;
  /**
   * Startup migration (idempotent): every venture created before members existed gets its creator as its
   * owner, each by a conditional write (only where `members` is still absent). Returns how many changed.
   */
  migrateMembers(now: Date): Promise<number>;
}

export interface TaskTemplateRecord {
  id: number;
  title: string;
  description: string;
  /** '' when the administrator left it empty (reported as 'General'). */
  category: string;
  createdAt: Date;
  /**
   * Issue 18: the guide of a task an administrator added; null for the standard tasks (their guides are
   * the content files) and for administrators' tasks from before issue 18.
   */
  guide?: MasterGuideRecord | null;
}

export interface MasterGuideRecord {
  why: string;
  practices: string[];
  proTip: string;
}

/** The fields of a template the content seed keeps up to date, unless an administrator changed them. */
export const TEMPLATE_CONTENT_FIELDS = ['title', 'description', 'category'] as const;
export type TemplateContentField = (typeof TEMPLATE_CONTENT_FIELDS)[number];

/**
 * Issue 21: template id → its current title and description (what venture tasks show). Issue 18: for a
 * roadmap that follows an organization template version, also its category and place in the version.
 */
export type TaskText = ReadonlyMap<
  number,
  { title: string; description: string; category?: string; position?: number }
>;

export interface TaskTemplateRepository {
  /** Every template, by id ascending. */
  list(): Promise<TaskTemplateRecord[]>;
  findById(id: number): Promise<TaskTemplateRecord | null>;
  /** Issue 21: every template's current title and description, for reading venture tasks. */
  textById(): Promise<TaskText>;
  /** Gets a fresh id (never reused) and inserts. */
  create(template: {
    title: string;
    description: string;
    category: string;
    guide?: MasterGuideRecord | null;
  }): Promise<TaskTemplateRecord>;
  /** Changes a template and records which fields (of title, description, category) really changed. */
  update(
    id: number,
    changes: { title?: string; description?: string; category?: string; guide?: MasterGuideRecord | null },
  ): Promise<TaskTemplateRecord | null>;
  delete(id: number): Promise<boolean>;
  /**
   * Issue 21: brings the standard templates in line with the content. The first time a database is used it
   * inserts them all; afterwards a template an administrator deleted is not brought back, and on the others
   * every field the content changed is updated unless an administrator edited that field (theirs wins).
   * Templates stored before issue 21 first get their `editedFields`: the fields that differ from the content.
   */
  syncStandard(
    templates: ReadonlyArray<Omit<TaskTemplateRecord, 'createdAt'>>,
    now: Date,
  ): Promise<{ inserted: number; updated: number }>;
}

/** A user as this service needs them: to name them, and for the mailer to write to them. */
export interface UserProfile {
  userId: string;
  /** The username: an e-mail address. */
  email: string;
  /** "First Last" when the profile has a name, else the e-mail address. */
  displayName: string;
}

/** The auth service's answer about a user, as much as this service needs. */
export interface OwnerDirectory {
  /** The user's username, or null when there is no such user. */
  usernameOf(userId: string, opts: { correlationId: string }): Promise<string | null>;
  /** The user's current e-mail and name, or null when there is no such user. */
  profileOf(userId: string, opts: { correlationId: string }): Promise<UserProfile | null>;
  /**
   * Issue 18: whether the user is a platform administrator now (they act as an org admin in every
   * organization); false for an unknown user.
   */
  isPlatformAdmin(userId: string, opts: { correlationId: string }): Promise<boolean>;
}

/** A comment as the store holds it. */
export interface CommentRecord {
  id: string;
  ventureId: string;
  taskId: string;
  authorId: string;
  authorName: string;
  body: string;
  mentionedIds: string[];
  createdAt: Date;
  editedAt: Date | null;
}

/** Comments live in their own collection (a venture's would grow without bound); each has its own outbox. */
export interface CommentRepository {
  newId(): string;
  /** The task's live comments, oldest first. */
  listForTask(taskId: string): Promise<CommentRecord[]>;
  findOnTask(commentId: string, taskId: string): Promise<CommentRecord | null>;
  create(comment: CommentRecord, events: OutboxEvent[]): Promise<CommentRecord>;
  /** Rewrites a comment if `authorId` wrote it; null when nothing matched. */
  edit(change: {
    commentId: string;
    authorId: string;
    body: string;
    mentionedIds: string[];
    editedAt: Date;
  }): Promise<CommentRecord | null>;
  /** Removes a comment if `authorId` wrote it; false when nothing matched. */
  remove(commentId: string, authorId: string): Promise<boolean>;
  /** Issue 17: task id → number of live comments, for the tasks of one venture (the exports). */
  countByTask(ventureId: string): Promise<Record<string, number>>;
  /** Issue 17: every live comment of these ventures, oldest first (the account export). */
  listForVentures(ventureIds: string[]): Promise<CommentRecord[]>;
  /** Every comment of a venture (its deletion). */
  removeForVentures(ventureIds: string[]): Promise<void>;
}

/** One line of a venture's history. */
export type ActivityRecord = Omit<ActivityEntry, 'at'> & { at: Date };

export interface ActivityRepository {
  newId(): string;
  /** Adds the entry unless one for the same event exists; false for a duplicate (a redelivered event). */
  record(entry: ActivityRecord): Promise<boolean>;
  /** Newest first, `limit` entries after the entry `cursor` (exclusive); `nextCursor` null on the last page. */
  page(
    ventureId: string,
    opts: { cursor?: string; limit: number },
  ): Promise<{ entries: ActivityRecord[]; nextCursor: string | null }>;
  removeForVentures(ventureIds: string[]): Promise<void>;
  /** Issue 18: venture id → when its last activity happened (one aggregate over all of them). */
  lastActivityOf(ventureIds: readonly string[]): Promise<Map<string, Date>>;
  /** Issue 17: a venture's whole history, oldest first (the account export). */
  listAll(ventureId: string): Promise<ActivityRecord[]>;
}

/** What invitations need besides storage. */
export interface InvitationSettings {
  /** Where users reach the platform: the accept link starts with it. */
  publicUrl: string;
  /** Seals the accept link for its event (only services can open it; see `sealText`). */
  seal(text: string): string;
  /** The shared demo account, which can neither invite nor be invited. */
  demoUsername: string;
}

/** Everything a use case needs; routes pass it through, tests build it with other stores. */
export interface VentureContext {
  ventures: VentureRepository;
  /** Issue 17: the users' private calendar feeds. */
  calendarFeeds: CalendarFeedRepository;
  templates: TaskTemplateRepository;
  owners: OwnerDirectory;
  comments: CommentRepository;
  activity: ActivityRepository;
  invitations: InvitationSettings;
  /** Issue 18: the read models of organizations, members and programs; enrolments and snapshots. */
  institutions: InstitutionStore;
  /** Issue 18: organization task templates (drafts and published versions). */
  orgTemplates: OrgTemplateStore;
  /** Issue 18: the Free plan's venture limit (`FREE_PLAN_VENTURE_LIMIT`). */
  plan: { freeVentureLimit: number };
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
  memberNotFound: () => AppError.notFound('Member not found', 'MEMBER.NOT_FOUND'),
  lastOwner: (message: string) => AppError.conflict(message, 'VENTURE.LAST_OWNER'),
  commentNotFound: () => AppError.notFound('Comment not found', 'COMMENT.NOT_FOUND'),
  notCommentAuthor: (verb: 'edit' | 'delete') =>
    AppError.forbidden(`Only its author can ${verb} this comment.`, 'COMMENT.NOT_AUTHOR'),
  invitationInvalid: () =>
    AppError.notFound('This invitation link is invalid or has expired', 'INVITATION.INVALID'),
  invitationNotFound: () => AppError.notFound('Invitation not found', 'INVITATION.NOT_FOUND'),
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
    assigneeId: task.assigneeId,
    startDate: task.startDate,
    dueDate: task.dueDate,
    completedAt: task.completedAt?.toISOString() ?? null,
    prerequisiteIds: task.prerequisiteIds,
    verifiedBy: task.verifiedBy ?? null,
    verifiedAt: task.verifiedAt?.toISOString() ?? null,
  };
}

/** The role of `userId` on the venture, or null when they are not a member. */
export function roleOf(venture: VentureRecord, userId: string): VentureRole | null {
  return venture.members.find((member) => member.userId === userId)?.role ?? null;
}

export function memberOf(venture: VentureRecord, userId: string): MemberRecord | undefined {
  return venture.members.find((member) => member.userId === userId);
}

/** Owners first, then editors, then viewers; by joining within a role. */
export function orderMembers(members: MemberRecord[]): MemberRecord[] {
  const rank = (role: VentureRole) => VENTURE_ROLES.indexOf(role);
  return [...members].sort(
    (a, b) => rank(a.role) - rank(b.role) || a.joinedAt.getTime() - b.joinedAt.getTime(),
  );
}

export function toMemberView(member: MemberRecord): VentureMember {
  return {
    userId: member.userId,
    email: member.email,
    displayName: member.displayName,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toInvitationView(ventureId: string, invitation: InvitationRecord): Invitation {
  return {
    id: invitation.id,
    ventureId,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** A member as events carry them (the mailer writes to them). */
export function toEventMember(member: MemberRecord): EventMember {
  return { userId: member.userId, email: member.email, displayName: member.displayName, role: member.role };
}

export function toEventPerson(person: { userId: string; email: string; displayName: string }): EventPerson {
  return { userId: person.userId, email: person.email, displayName: person.displayName };
}

/** The venture as `userId` (a member) sees it in a list. */
export function toSummaryView(venture: VentureRecord, userId: string): VentureSummary {
  return {
    id: venture.id,
    name: venture.name,
    blurb: venture.blurb,
    createdAt: venture.createdAt.toISOString(),
    userId: venture.userId,
    progress: computeProgress(venture.tasks),
    role: roleOf(venture, userId) ?? 'viewer',
  };
}

/** Issue 18: what the venture page shows about the venture's program and the caller's staff access. */
export interface VentureInstitutionView {
  program: VentureDetail['program'];
  staffAccess: VentureDetail['staffAccess'];
  /** The template version the venture's program pins (its organization's), or null. */
  pinnedTemplate?: VentureTemplateRef | null;
}

/** What the venture page says about the template: the version followed and a newer one offered. */
export function templateViewOf(
  followed: VentureTemplateRef | null | undefined,
  pinned: VentureTemplateRef | null | undefined,
): VentureDetail['template'] {
  if (!followed && !pinned) return null;
  const offered =
    pinned &&
    (!followed || followed.organizationId !== pinned.organizationId || pinned.version > followed.version);
  return {
    organizationId: followed?.organizationId ?? pinned!.organizationId,
    version: followed?.version ?? null,
    availableVersion: offered ? pinned.version : null,
  };
}

export function toVentureView(
  venture: VentureRecord,
  userId: string,
  institution: VentureInstitutionView = { program: null, staffAccess: null },
): VentureDetail {
  // Progress-only staff see the figures, never the tasks or the team.
  const hidden = institution.staffAccess !== null && !institution.staffAccess.tasksVisible;
  return {
    ...toSummaryView(venture, userId),
    timeZone: venture.timeZone,
    targetLaunchDate: venture.targetLaunchDate,
    tasks: hidden ? [] : venture.tasks.map(toTaskView),
    members: hidden ? [] : orderMembers(venture.members).map(toMemberView),
    program: institution.program,
    staffAccess: institution.staffAccess,
    template: templateViewOf(venture.template, institution.pinnedTemplate),
  };
}

export function toTemplateView(template: TaskTemplateRecord): TaskTemplate {
  return {
    id: template.id,
    title: template.title,
    description: template.description,
    category: categoryOrDefault(template.category),
    createdAt: template.createdAt.toISOString(),
    hasGuide: findTaskGuide(template.id) !== undefined || Boolean(template.guide),
    guide: template.guide ?? null,
  };
}
