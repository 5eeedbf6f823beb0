import type { OrganizationPlan, OrgRole, ProgramVisibility, RiskRules } from '@app/contracts';

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
