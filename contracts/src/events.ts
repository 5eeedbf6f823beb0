import { z } from 'zod';
import { taskStatusSchema } from './schemas/task-status.ts';
import { REMINDER_KINDS } from './values/dates.ts';
import { LANGUAGES } from './values/language.ts';
import { ORG_ROLES } from './policy/organization-policy.ts';
import { ORGANIZATION_PLANS, RISK_REASON_KINDS } from './values/programs.ts';

/*
 * The typed event registry: event name → zod schema of its `data` → inferred type. The envelope, its
 * creation and its parsing live with the bus in `@app/common`.
 *
 * A name, once published, is NEVER renamed and its schema never changed incompatibly: events outlive
 * deployments (they wait in outboxes and queues), so a consumer may receive an event produced by any
 * earlier version. To change a contract, add a new versioned name (e.g. `task.updated.v2`), publish both
 * while consumers migrate, then stop publishing the old one. Adding an optional field is the only
 * in-place change allowed, and only after every consumer accepts it (schemas are strict).
 */

const id = z.string().min(1).max(200);
const role = z.enum(['owner', 'editor', 'viewer']);

/**
 * A person an event concerns, with what the mailer needs to write to them without asking anyone:
 * the auth user id (for preferences and the unsubscribe token), the e-mail address, and the name to greet.
 */
export const eventPersonSchema = z.strictObject({
  userId: id,
  email: z.string(),
  /** "First Last" when the profile has a name, else the e-mail address. */
  displayName: z.string(),
});
export type EventPerson = z.output<typeof eventPersonSchema>;

/** A member to notify, and their role on the venture. */
export const eventMemberSchema = eventPersonSchema.extend({ role });
export type EventMember = z.output<typeof eventMemberSchema>;

export const eventSchemas = {
  'user.registered': z.strictObject({
    userId: id,
    username: z.string(),
    organizationId: z.string().nullable().optional(),
    /** Issue 21: the new user's language (absent on events from before it: English). */
    language: z.enum(LANGUAGES).optional(),
  }),
  'user.deleted': z.strictObject({ userId: id, username: z.string() }),
  /** The gateway ends the user's other sessions (all but `exceptSessionId`) on it. */
  'user.sessions_revoked': z.strictObject({ userId: id, exceptSessionId: z.string().optional() }),
  'password.reset_requested': z.strictObject({
    userId: id,
    username: z.string(),
    resetUrl: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    /** Issue 21: the user's language, which the e-mail is written in (absent: English). */
    language: z.enum(LANGUAGES).optional(),
  }),
  'task.updated': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    taskId: id,
    taskTitle: z.string(),
    /**
     * Issue 21: the task's Spanish title, where the task is a standard one (its title still the guide's) with
     * a translation; absent otherwise and on events from before it. The mailer uses it for Spanish recipients.
     */
    taskTitleEs: z.string().optional(),
    fromStatus: taskStatusSchema,
    toStatus: taskStatusSchema,
    ownerId: id,
    ownerUsername: z.string(),
  }),
  /**
   * Replaces `task.updated` for producers from issue 16 on (consumers keep handling `task.updated` for
   * events still waiting in outboxes and queues). The status change of a shared venture: who made it and
   * every OTHER member to notify (never the actor), each with their e-mail, so the mailer applies each
   * recipient's preferences (instant, daily digest, off) without a call per message.
   */
  'task.updated.v2': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    taskId: id,
    taskTitle: z.string(),
    /**
     * Issue 21: the task's Spanish title, where the task is a standard one (its title still the guide's) with
     * a translation; absent otherwise and on events from before it. The mailer uses it for Spanish recipients.
     */
    taskTitleEs: z.string().optional(),
    fromStatus: taskStatusSchema,
    toStatus: taskStatusSchema,
    actor: eventPersonSchema,
    /** The members to notify: every member but the actor. Empty when the actor is alone on the venture. */
    notify: z.array(eventMemberSchema),
  }),
  /**
   * An owner invited an address. The mailer sends the invitation (always: it is not subject to
   * preferences). The accept link holds the raw single-use token, which the venture service stores only
   * hashed: so the link travels SEALED (AES-256-GCM under a key derived from INTERNAL_SECRET, with
   * `sealText` / `openSealedText` from @app/common), never in clear in the outbox, the broker or a
   * dead-letter queue. A resend publishes a new `venture.member_invited` with the same `invitationId`, a new
   * link (the old one is dead) and `resend: true`.
   */
  'venture.member_invited': z.strictObject({
    invitationId: id,
    ventureId: id,
    ventureName: z.string(),
    inviter: eventPersonSchema,
    inviteeEmail: z.string(),
    role,
    /** `sealText(acceptUrl)`: open it with `openSealedText(sealed, identityKeys(config))`. */
    sealedAcceptUrl: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    resend: z.boolean(),
  }),
  /** Someone accepted an invitation. The mailer tells `notify` (the venture's owners). */
  'venture.member_joined': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    invitationId: id,
    member: eventMemberSchema,
    /** The owners to tell (the new member is never among them). */
    notify: z.array(eventMemberSchema),
  }),
  /**
   * A member left (`actor` is the member) or was removed by an owner. `member` is told when removed by
   * someone else; nobody is told when they left.
   */
  'venture.member_removed': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    member: eventMemberSchema,
    actor: eventPersonSchema,
    left: z.boolean(),
  }),
  /** An owner changed a member's role; `member` (with the new role) is told. */
  'venture.member_role_changed': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    member: eventMemberSchema,
    fromRole: role,
    toRole: role,
    actor: eventPersonSchema,
  }),
  /**
   * A task's assignee was set, changed or cleared (`assignee` null). The assignee is told (preference
   * "assignments"), unless they assigned themselves.
   */
  'task.assigned': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    taskId: id,
    taskTitle: z.string(),
    /**
     * Issue 21: the task's Spanish title, where the task is a standard one (its title still the guide's) with
     * a translation; absent otherwise and on events from before it. The mailer uses it for Spanish recipients.
     */
    taskTitleEs: z.string().optional(),
    actor: eventPersonSchema,
    assignee: eventMemberSchema.nullable(),
    previousAssigneeId: id.nullable(),
  }),
  /**
   * A comment was written. `mentioned` members get a mention e-mail (preference "mentions"); the task's
   * `assignee` gets one too (preference "taskChanges"), unless mentioned already; the author never.
   */
  'task.commented': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    taskId: id,
    taskTitle: z.string(),
    /**
     * Issue 21: the task's Spanish title, where the task is a standard one (its title still the guide's) with
     * a translation; absent otherwise and on events from before it. The mailer uses it for Spanish recipients.
     */
    taskTitleEs: z.string().optional(),
    commentId: id,
    author: eventPersonSchema,
    /** Plain text, at most 5,000 characters: escape it wherever it is shown. */
    body: z.string(),
    /** Members named with `@name` or `@email` in the body, the author excluded. */
    mentioned: z.array(eventMemberSchema),
    /** The task's assignee when the comment was written (may also be mentioned, or be the author). */
    assignee: eventMemberSchema.nullable(),
  }),
  /** A user changed their notification preferences (auth publishes it; the mailer keeps a copy). */
  'user.notification_preferences_changed': z.strictObject({
    userId: id,
    taskChanges: z.enum(['instant', 'daily', 'off']),
    mentions: z.boolean(),
    assignments: z.boolean(),
    /** Issue 17: due-date reminders; absent from events published before it (read as true). */
    reminders: z.boolean().optional(),
    /** Program updates (at-risk alerts, weekly program digests); absent from events before it (read as true). */
    programUpdates: z.boolean().optional(),
    /**
     * Issue 21: the language of the user's e-mails (auth publishes this event when it changes too); absent
     * from events before it (read as English).
     */
    language: z.enum(LANGUAGES).optional(),
  }),
  /**
   * Issue 17: a task's reminder is due (`kind`: see `values/dates.ts`). The venture service puts it in the
   * outbox in the same conditional single-document write that marks the reminder sent for this due date, so
   * it is published once per task, kind and due date whatever the replicas and restarts; the mailer sends it
   * once per event id (preference "reminders"). `recipient` is the assignee, else the venture's first owner.
   */
  'task.reminder_due': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    taskId: id,
    taskTitle: z.string(),
    /**
     * Issue 21: the task's Spanish title, where the task is a standard one (its title still the guide's) with
     * a translation; absent otherwise and on events from before it. The mailer uses it for Spanish recipients.
     */
    taskTitleEs: z.string().optional(),
    kind: z.enum(REMINDER_KINDS),
    /** 'YYYY-MM-DD'. */
    dueDate: z.string(),
    /** The venture's time zone the date is in. */
    timeZone: z.string(),
    recipient: eventPersonSchema,
  }),
  // ---- Issue 18: institutions. The organization service publishes the organization, member and program
  // events; the venture service keeps read models from them (so a cohort read makes no cross-service call)
  // and publishes the risk, digest and audit events.
  /** An organization was created or changed (its read model in the venture service follows it). */
  'organization.updated': z.strictObject({
    organizationId: id,
    slug: z.string(),
    name: z.string(),
    plan: z.enum(ORGANIZATION_PLANS),
    isActive: z.boolean(),
    /**
     * Issue 19, white label: what e-mails to its members carry (the mailer keeps it). Absent on events
     * from before issue 19.
     */
    brand: z
      .strictObject({
        name: z.string(),
        logoUrl: z.string().nullable(),
        primaryColor: z.string(),
        replyToEmail: z.string().nullable(),
        customDomain: z.string().nullable(),
      })
      .optional(),
  }),
  'organization.deleted': z.strictObject({ organizationId: id }),
  /** A member joined, changed role (`role`) or left (`role` null). `actor` null when they registered. */
  'organization.member_changed': z.strictObject({
    organizationId: id,
    member: eventPersonSchema,
    role: z.enum(ORG_ROLES).nullable(),
    actor: eventPersonSchema.nullable(),
  }),
  /** An org admin invited an address (the link sealed, as for `venture.member_invited`). Always sent. */
  'organization.member_invited': z.strictObject({
    invitationId: id,
    organizationId: id,
    organizationName: z.string(),
    inviter: eventPersonSchema,
    inviteeEmail: z.string(),
    role: z.enum(ORG_ROLES),
    /** The program a founder invitation enrols in; null for staff. */
    programName: z.string().nullable(),
    sealedAcceptUrl: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    resend: z.boolean(),
  }),
  /** A program was created or changed: its whole state. */
  'program.changed': z.strictObject({
    programId: id,
    organizationId: id,
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    templateVersion: z.number().int().nullable(),
    riskRules: z.strictObject({
      inactivityDays: z.number().int().nullable(),
      overdueTasks: z.number().int().nullable(),
      blockedDays: z.number().int().nullable(),
      belowMedianPoints: z.number().int().nullable(),
    }),
    registrationOpen: z.boolean(),
    archived: z.boolean(),
  }),
  /** A founder registered through the organization's page (its open program) or accepted a founder invitation. */
  'program.founder_enrolled': z.strictObject({
    programId: id,
    organizationId: id,
    founder: eventPersonSchema,
  }),
  /** The venture service's enrolment changed (joined, venture picked, left): the organization counts them. */
  'program.enrolment_changed': z.strictObject({
    programId: id,
    organizationId: id,
    userId: id,
    ventureId: id.nullable(),
    enrolled: z.boolean(),
  }),
  /** Something the organization audit log records that happened in another service (publications, exports). */
  'organization.audit_recorded': z.strictObject({
    organizationId: id,
    action: z.enum(['template.published', 'cohort.exported', 'mentor.assigned', 'mentor.unassigned']),
    actor: z.strictObject({ userId: id, displayName: z.string() }),
    target: z.string(),
    details: z.record(z.string(), z.unknown()),
  }),
  /**
   * An enrolled venture turned at risk (once per episode: it must stop being at risk before it is reported
   * again). Its assigned mentors are told.
   */
  'venture.at_risk': z.strictObject({
    ventureId: id,
    ventureName: z.string(),
    programId: id,
    programName: z.string(),
    organizationName: z.string(),
    reasons: z.array(
      z.strictObject({ kind: z.enum(RISK_REASON_KINDS), value: z.number().int(), text: z.string() }),
    ),
    notify: z.array(eventPersonSchema),
  }),
  /** The weekly program-manager digest, once per recipient, program and week. */
  'program.digest_due': z.strictObject({
    programId: id,
    programName: z.string(),
    organizationName: z.string(),
    /** Monday, 'YYYY-MM-DD'. */
    weekStart: z.string(),
    recipient: eventPersonSchema,
    ventureCount: z.number().int(),
    medianProgress: z.number(),
    atRisk: z.array(z.strictObject({ ventureId: id, ventureName: z.string(), reasons: z.array(z.string()) })),
  }),
  'venture.created': z.strictObject({ ventureId: id, ownerId: id, name: z.string() }),
  'venture.deleted': z.strictObject({ ventureId: id, ownerId: id }),
  'contact.received': z.strictObject({
    messageId: id,
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    kind: z.enum(['contact', 'enterprise']),
    /** Issue 21: the language the sender wrote from (their request's), for the acknowledgement; absent: English. */
    language: z.enum(LANGUAGES).optional(),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.output<(typeof eventSchemas)[T]>;

export const EVENT_TYPES = Object.keys(eventSchemas) as EventType[];

export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(eventSchemas, type);
}
