import type { OrganizationPlan, OrgRole, ProgramVisibility, RiskRules } from '@app/contracts';
import type { EventData, EventEnvelope } from '@app/common';

/*
 * Issue 18: what the venture service knows about institutions, as interfaces its use cases depend on.
 *
 * - `InstitutionDirectory` is the read model the venture service keeps from the organization service's
 *   events (organizations, their members' roles, programs). Reads never call the organization service.
 * - `TemplateSource` gives the tasks of an organization template version (the org templates' store), so
 *   creating or enrolling a venture builds its roadmap from the program's pinned version.
 */

export interface OrganizationEntry {
  id: string;
  slug: string;
  name: string;
  plan: OrganizationPlan;
  isActive: boolean;
}

export interface ProgramEntry {
  id: string;
  organizationId: string;
  name: string;
  startDate: string;
  endDate: string;
  /** null: the master list. */
  templateVersion: number | null;
  riskRules: RiskRules;
  registrationOpen: boolean;
  archived: boolean;
}

export interface OrgMemberEntry {
  organizationId: string;
  userId: string;
  email: string;
  displayName: string;
  role: OrgRole;
}

export interface InstitutionDirectory {
  organizationById(id: string): Promise<OrganizationEntry | null>;
  organizationBySlug(slug: string): Promise<OrganizationEntry | null>;
  /** The caller's role in the organization, or null when they are no member. */
  roleOf(organizationId: string, userId: string): Promise<OrgRole | null>;
  /** Every organization the user is a member of, with their role. */
  membershipsOf(userId: string): Promise<OrgMemberEntry[]>;
  /** The members of an organization with one of `roles` (all when omitted). */
  membersOf(organizationId: string, roles?: readonly OrgRole[]): Promise<OrgMemberEntry[]>;
  programById(id: string): Promise<ProgramEntry | null>;
}

/** One task a template version puts on a new roadmap, in order. */
export interface TemplateTaskSeed {
  taskId: number;
  title: string;
  description: string;
  category: string;
}

export interface TemplateSource {
  /** The visible tasks of a published version, in order; null when the version does not exist. */
  tasksOf(organizationId: string, version: number): Promise<TemplateTaskSeed[] | null>;
}

/** What a founder's enrolment says about what the program sees. */
export type { ProgramVisibility };

/** A mentor assigned to an enrolled venture (as the mentor was named when assigned). */
export interface MentorEntry {
  userId: string;
  email: string;
  displayName: string;
}

/** A founder's enrolment in a program, as the venture service keeps it. */
export interface EnrolmentRecord {
  id: string;
  programId: string;
  organizationId: string;
  userId: string;
  founderEmail: string;
  founderName: string;
  ventureId: string | null;
  visibility: ProgramVisibility;
  enrolledAt: Date;
  /** null while enrolled. */
  leftAt: Date | null;
  mentors: MentorEntry[];
  riskReported: boolean;
}

/** One week's median progress of a program's cohort. */
export interface SnapshotRecord {
  programId: string;
  weekStart: string;
  medianProgress: number;
  ventureCount: number;
}

/** How an organization event is applied: its id (idempotency) and when it happened (ordering). */
export interface AppliedEvent {
  id: string;
  occurredAt: Date;
}

/**
 * Everything institutional the venture service stores: the read models (written only by the organization
 * events' consumer), enrolments, weekly snapshots and export audits. Every write that has consequences
 * elsewhere carries its events into the same document's outbox.
 */
export interface InstitutionStore extends InstitutionDirectory {
  // ---- Read models from the organization service's events (each idempotent by event id) ----
  /** False when the event was applied already (a redelivery). */
  markApplied(event: AppliedEvent & { type: string }): Promise<boolean>;
  wasApplied(eventId: string): Promise<boolean>;
  upsertOrganization(data: EventData<'organization.updated'>, event: AppliedEvent): Promise<void>;
  deleteOrganization(organizationId: string, event: AppliedEvent): Promise<void>;
  setMember(data: EventData<'organization.member_changed'>, event: AppliedEvent): Promise<void>;
  upsertProgram(data: EventData<'program.changed'>, event: AppliedEvent): Promise<void>;
  /**
   * Enrols the founder (or re-enrols one who left) unless this event was applied to the enrolment before;
   * `events` go into the enrolment's outbox. Answers the enrolment, or null when nothing changed.
   */
  enrolFounder(
    change: {
      programId: string;
      organizationId: string;
      founder: { userId: string; email: string; displayName: string };
      eventId: string;
      now: Date;
    },
    events: (enrolment: EnrolmentRecord) => EventEnvelope[],
  ): Promise<EnrolmentRecord | null>;

  // ---- Enrolments ----
  /** The founder's enrolments (current ones only). */
  enrolmentsOf(userId: string): Promise<EnrolmentRecord[]>;
  enrolmentOf(programId: string, userId: string): Promise<EnrolmentRecord | null>;
  /** The current enrolment that follows this venture, if any. */
  enrolmentOfVenture(ventureId: string): Promise<EnrolmentRecord | null>;
  /** Current enrolments of these ventures (one query). */
  enrolmentsOfVentures(ventureIds: readonly string[]): Promise<EnrolmentRecord[]>;
  /** The program's current enrolments (one query). */
  cohortOf(programId: string): Promise<EnrolmentRecord[]>;
  /** The current enrolments with this mentor assigned. */
  mentoredBy(userId: string): Promise<EnrolmentRecord[]>;
  /**
   * Changes a current enrolment of `userId` (venture, visibility) with its events; with `onlyIfNoVenture`
   * only while its venture is not chosen yet. null when nothing matched.
   */
  updateEnrolment(
    change: {
      programId: string;
      userId: string;
      ventureId?: string;
      visibility?: ProgramVisibility;
      onlyIfNoVenture?: boolean;
    },
    events: (enrolment: EnrolmentRecord) => EventEnvelope[],
  ): Promise<EnrolmentRecord | null>;
  /**
   * The venture is gone: the current enrolment following it waits for the founder's next venture again
   * (mentors unassigned); null when none followed it.
   */
  releaseVenture(
    ventureId: string,
    events: (enrolment: EnrolmentRecord) => EventEnvelope[],
  ): Promise<EnrolmentRecord | null>;
  /** Ends a current enrolment (mentors unassigned); null when there was none. */
  leave(
    change: { programId: string; userId: string; now: Date },
    events: (enrolment: EnrolmentRecord) => EventEnvelope[],
  ): Promise<EnrolmentRecord | null>;
  /** Replaces the mentors of the current enrolment following `ventureId` in the program; null when none. */
  setMentors(
    change: { programId: string; ventureId: string; mentors: MentorEntry[]; expected: string[] },
    events: EventEnvelope[],
  ): Promise<EnrolmentRecord | null>;
  /** Remembers a deleted account (idempotent: the first deletion's time is kept). */
  markUserDeleted(userId: string, at: Date): Promise<void>;
  /** Which of these users are deleted accounts. */
  deletedAmong(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * The `user.deleted` cascade. Every enrolment of the user still stored (current or left), and every
   * enrolment with the user among its mentors.
   */
  enrolmentsInvolving(userId: string): Promise<{ own: EnrolmentRecord[]; mentored: EnrolmentRecord[] }>;
  /**
   * Removes one enrolment of a deleted user: marked deleted (it leaves every read at once; the relay removes
   * it once its events are out) together with `events`, computed from its state as ended. Conditional on it
   * not being marked already, so a repeated cascade writes nothing and publishes nothing: false then.
   */
  removeEnrolment(
    enrolmentId: string,
    now: Date,
    events: (enrolment: EnrolmentRecord) => EventEnvelope[],
  ): Promise<boolean>;
  /**
   * Takes a deleted user off one enrolment's mentors, with `events`, conditional on them still being
   * there: false when they were not (a repeated cascade).
   */
  removeMentor(enrolmentId: string, userId: string, events: EventEnvelope[]): Promise<boolean>;
  /** Starts or ends a reported risk episode, conditional on the flag still being `!reported`. */
  markRiskReported(enrolmentId: string, reported: boolean, events: EventEnvelope[]): Promise<boolean>;

  // ---- Snapshots, exports ----
  /** The program's snapshots, oldest week first. */
  snapshotsOf(programId: string): Promise<SnapshotRecord[]>;
  /** Inserts the week's snapshot with its digest events; false when it exists (another tick took it). */
  takeSnapshot(snapshot: SnapshotRecord & { takenAt: Date }, events: EventEnvelope[]): Promise<boolean>;
  /** Programs that are not archived (the weekly tick). */
  activePrograms(): Promise<ProgramEntry[]>;
  recordExport(
    entry: { organizationId: string; programId: string; actorId: string; at: Date },
    events: EventEnvelope[],
  ): Promise<void>;
}
