import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { ORG_ACTIONS, ORG_ROLES, ORG_STAFF_ROLES } from '../policy/organization-policy.ts';
import { ORGANIZATION_PLANS } from '../values/programs.ts';
import { organizationSchema, workspaceSettingsBody } from './organization.ts';
import { cursorPageSchema, cursorQuery, defineRoute, successSchema, text } from './route.ts';

/*
 * Issue 18, the organization service's side of institution workspaces: the workspace, its members and staff
 * invitations, programs (cohorts), settings and the organization audit log. Reached through the gateway at
 * `/api/orgs/*` and `/api/org-invitations/*`; every call needs a session.
 *
 * Scope: an organization the caller is not staff of answers 404 `ORGANIZATION.NOT_FOUND` (as an unknown
 * slug does); staff whose role is too low for the action get 403 `ORGANIZATION.FORBIDDEN`. The policy is
 * `policy/organization-policy.ts`.
 */

const { organization } = LIMITS;
const INVALID_EMAIL = 'Please enter a valid email address';

export const orgRoleSchema = z.enum(ORG_ROLES, { error: `Role must be one of ${ORG_ROLES.join(', ')}` });
export const orgStaffRoleSchema = z.enum(ORG_STAFF_ROLES, {
  error: `Role must be one of ${ORG_STAFF_ROLES.join(', ')}`,
});
export const organizationPlanSchema = z.enum(ORGANIZATION_PLANS, {
  error: `Plan must be one of ${ORGANIZATION_PLANS.join(', ')}`,
});

/** A calendar date, 'YYYY-MM-DD'. */
const dateText = z
  .string({ error: 'Dates must be written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Dates must be real dates');

// ---- Shapes ------------------------------------------------------------------------------------------------

/** The organization as its staff see it (settings and plan included). */
export const workspaceOrganizationSchema = organizationSchema;
export type WorkspaceOrganization = z.output<typeof workspaceOrganizationSchema>;

/** `GET /api/orgs/:slug`: the organization, the caller's role in it and what that role may do. */
export const workspaceSchema = z.object({
  organization: workspaceOrganizationSchema,
  /** `orgAdmin` for a platform administrator who is not a member. */
  myRole: orgRoleSchema,
  permissions: z.record(z.enum(ORG_ACTIONS), z.boolean()),
  /** Counts for the workspace's overview. */
  counts: z.object({
    members: z.number().int(),
    founders: z.number().int(),
    programs: z.number().int(),
  }),
});
export type Workspace = z.output<typeof workspaceSchema>;

/** An organization the caller is staff of: the header's "Workspace" menu lists these. */
export const myOrganizationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  role: orgRoleSchema,
});
export type MyOrganization = z.output<typeof myOrganizationSchema>;

export const orgMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** "First Last" when the profile has a name, else the e-mail address. */
  displayName: z.string(),
  role: orgRoleSchema,
  /** ISO 8601. */
  joinedAt: z.iso.datetime(),
});
export type OrgMember = z.output<typeof orgMemberSchema>;

/** A pending staff (or founder) invitation; never its token. */
export const orgInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  /** A founder invitation enrols them in this program on acceptance; null for staff. */
  programId: z.string().nullable(),
  invitedBy: z.object({ userId: z.string(), displayName: z.string() }),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type OrgInvitation = z.output<typeof orgInvitationSchema>;

export const orgInvitationPreviewSchema = z.object({
  organizationName: z.string(),
  organizationSlug: z.string(),
  inviterName: z.string(),
  role: orgRoleSchema,
  email: z.string(),
  expiresAt: z.iso.datetime(),
  viewer: z.object({
    signedIn: z.boolean(),
    email: z.string().nullable(),
    emailMatches: z.boolean().nullable(),
  }),
});
export type OrgInvitationPreview = z.output<typeof orgInvitationPreviewSchema>;

export const orgInvitationAcceptedSchema = z.object({
  organizationSlug: z.string(),
  role: orgRoleSchema,
  /** Where the web goes next: the workspace for staff, the ventures page for founders. */
  next: z.string(),
});

/** A program's at-risk rules: each a positive whole number, or null to switch the rule off. */
export const riskRulesSchema = z.object({
  inactivityDays: z.number().int().min(1).max(365).nullable(),
  overdueTasks: z.number().int().min(1).max(200).nullable(),
  blockedDays: z.number().int().min(1).max(365).nullable(),
  belowMedianPoints: z.number().int().min(1).max(100).nullable(),
});

/** A program (cohort) of an organization. */
export const programSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  /** 'YYYY-MM-DD'. */
  startDate: z.string(),
  /** 'YYYY-MM-DD', on or after `startDate`. */
  endDate: z.string(),
  /** The organization template version its ventures get at enrolment; null = the master 50. */
  templateVersion: z.number().int().nullable(),
  riskRules: riskRulesSchema,
  /** Founders registering at `/org/{slug}` are enrolled in the organization's open program (at most one). */
  registrationOpen: z.boolean(),
  /** Archived programs keep their data but take no enrolments and leave the default lists. */
  archived: z.boolean(),
  createdAt: z.iso.datetime(),
  /** Enrolled founders (maintained from the venture service's enrolments). */
  enrolledCount: z.number().int(),
});
export type Program = z.output<typeof programSchema>;

export const ORG_AUDIT_ACTIONS = [
  'member.invited',
  'member.role_changed',
  'member.removed',
  'invitation.revoked',
  'settings.updated',
  'program.created',
  'program.updated',
  'program.archived',
  'template.published',
  'cohort.exported',
  'mentor.assigned',
  'mentor.unassigned',
  'sso.updated',
  'sso.deleted',
  'sso.user_created',
  'sso.user_linked',
] as const;
export type OrgAuditAction = (typeof ORG_AUDIT_ACTIONS)[number];

/** One entry of the organization audit log. */
export const orgAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(ORG_AUDIT_ACTIONS),
  actor: z.object({ userId: z.string(), displayName: z.string() }),
  /** What it was done to, in words ("mentor@northgate.test", "Spring 2027 cohort", "version 3"). */
  target: z.string(),
  /** What changed, field by field (never a secret). */
  details: z.record(z.string(), z.unknown()),
  at: z.iso.datetime(),
});
export type OrgAuditEntry = z.output<typeof orgAuditEntrySchema>;

/** The audit CSV's columns, in order. */
export const ORG_AUDIT_CSV_COLUMNS = ['at', 'action', 'actor', 'actorId', 'target', 'details'] as const;

// ---- Bodies and parameters ---------------------------------------------------------------------------------

export const orgSlugParams = z.strictObject({
  slug: z
    .string()
    .max(organization.slug.max)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
});
export const orgMemberParams = orgSlugParams.extend({ userId: z.string().min(1).max(64) });
export const orgInvitationParams = orgSlugParams.extend({
  invitationId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid invitation id'),
});
export const orgProgramParams = orgSlugParams.extend({
  programId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid program id'),
});

export const inviteOrgMemberBody = z.strictObject({
  email: text(INVALID_EMAIL).trim().toLowerCase().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
  role: orgRoleSchema,
  /** Required for a founder invitation (the program to enrol in); refused for staff. */
  programId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'Invalid program id')
    .nullable()
    .optional(),
});

export const changeOrgMemberRoleBody = z.strictObject({ role: orgRoleSchema });

export const orgInvitationTokenBody = z.strictObject({ token: z.string().min(1).max(512) });

const programName = text('Name is required', 'Name must be text')
  .trim()
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

const programFields = {
  name: programName,
  startDate: dateText,
  endDate: dateText,
  templateVersion: z.number().int().min(1).nullable().optional(),
  riskRules: riskRulesSchema.partial().optional(),
  registrationOpen: z.boolean().optional(),
};

export const createProgramBody = z.strictObject(programFields).refine((p) => p.startDate <= p.endDate, {
  message: 'The end date must be on or after the start date',
  path: ['endDate'],
});

export const updateProgramBody = z
  .strictObject({
    ...programFields,
    name: programName.optional(),
    startDate: dateText.optional(),
    endDate: dateText.optional(),
    archived: z.boolean().optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change');

export const orgAuditQuery = cursorQuery;

// ---- Routes ------------------------------------------------------------------------------------------------

const SIGNED_IN = ['AUTH.UNAUTHENTICATED'] as const;
const IN_ORG = [...SIGNED_IN, 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.FORBIDDEN'] as const;

export const workspaceApi = {
  /** The organizations the caller is staff of (empty for most users). */
  listMyOrganizations: defineRoute({
    method: 'GET',
    path: '/api/orgs',
    answer: z.array(myOrganizationSchema),
    errors: SIGNED_IN,
  }),
  getWorkspace: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug',
    params: orgSlugParams,
    answer: workspaceSchema,
    errors: IN_ORG,
  }),
  /** orgAdmin: name, description, logo, colours (audited as `settings.updated`). */
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/api/orgs/:slug',
    params: orgSlugParams,
    body: workspaceSettingsBody,
    answer: workspaceOrganizationSchema,
    errors: [...IN_ORG, 'ORGANIZATION.SLUG_TAKEN', 'ORGANIZATION.DOMAIN_TAKEN'],
  }),
  listMembers: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug/members',
    params: orgSlugParams,
    answer: z.array(orgMemberSchema),
    errors: IN_ORG,
  }),
  /** orgAdmin. The last orgAdmin cannot be demoted or removed (409 `ORGANIZATION.LAST_ADMIN`). */
  changeMemberRole: defineRoute({
    method: 'PATCH',
    path: '/api/orgs/:slug/members/:userId',
    params: orgMemberParams,
    body: changeOrgMemberRoleBody,
    answer: orgMemberSchema,
    errors: [...IN_ORG, 'ORGANIZATION.MEMBER_NOT_FOUND', 'ORGANIZATION.LAST_ADMIN'],
  }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/orgs/:slug/members/:userId',
    params: orgMemberParams,
    answer: successSchema,
    errors: [...IN_ORG, 'ORGANIZATION.MEMBER_NOT_FOUND', 'ORGANIZATION.LAST_ADMIN'],
  }),
  listInvitations: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug/invitations',
    params: orgSlugParams,
    answer: z.array(orgInvitationSchema),
    errors: IN_ORG,
  }),
  /**
   * orgAdmin: a single-use link valid for 7 days, e-mailed (`organization.member_invited`). Inviting an
   * address that is already a member is 409 `ORGANIZATION.ALREADY_MEMBER`; inviting it again while an
   * invitation is pending resends that one.
   */
  createInvitation: defineRoute({
    method: 'POST',
    path: '/api/orgs/:slug/invitations',
    status: 201,
    params: orgSlugParams,
    body: inviteOrgMemberBody,
    answer: orgInvitationSchema,
    errors: [...IN_ORG, 'ORGANIZATION.ALREADY_MEMBER', 'PROGRAM.NOT_FOUND', 'ORGANIZATION.RATE_LIMITED'],
  }),
  resendInvitation: defineRoute({
    method: 'POST',
    path: '/api/orgs/:slug/invitations/:invitationId/resend',
    params: orgInvitationParams,
    answer: orgInvitationSchema,
    errors: [...IN_ORG, 'INVITATION.NOT_FOUND', 'ORGANIZATION.RATE_LIMITED'],
  }),
  revokeInvitation: defineRoute({
    method: 'DELETE',
    path: '/api/orgs/:slug/invitations/:invitationId',
    params: orgInvitationParams,
    answer: successSchema,
    errors: [...IN_ORG, 'INVITATION.NOT_FOUND'],
  }),
  /** Signed in or not: what the invitation page shows. */
  previewInvitation: defineRoute({
    method: 'POST',
    path: '/api/org-invitations/preview',
    body: orgInvitationTokenBody,
    answer: orgInvitationPreviewSchema,
    errors: ['INVITATION.INVALID'],
  }),
  /**
   * Signed in: the caller becomes a member with the invitation's role (a founder is enrolled too). The link
   * is for its address only: signed in with another → 409 `INVITATION.EMAIL_MISMATCH`.
   */
  acceptInvitation: defineRoute({
    method: 'POST',
    path: '/api/org-invitations/accept',
    body: orgInvitationTokenBody,
    answer: orgInvitationAcceptedSchema,
    errors: [...SIGNED_IN, 'INVITATION.INVALID', 'INVITATION.EMAIL_MISMATCH'],
  }),
  /** Staff who may view programs; archived ones last. */
  listPrograms: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug/programs',
    params: orgSlugParams,
    answer: z.array(programSchema),
    errors: IN_ORG,
  }),
  /**
   * orgAdmin. Opening registration on one program closes it on the others. A non-null `templateVersion` must
   * be one the organization published (the venture service is asked): 404 `TEMPLATE.VERSION_NOT_FOUND`
   * ("Template version 7 is not published"), 503 `SERVICE.UNAVAILABLE` when it cannot be checked; nothing is
   * written either way.
   */
  createProgram: defineRoute({
    method: 'POST',
    path: '/api/orgs/:slug/programs',
    status: 201,
    params: orgSlugParams,
    body: createProgramBody,
    answer: programSchema,
    errors: [...IN_ORG, 'TEMPLATE.VERSION_NOT_FOUND'],
  }),
  /** orgAdmin. A newly pinned `templateVersion` is checked as on creation (the one already pinned is not). */
  updateProgram: defineRoute({
    method: 'PATCH',
    path: '/api/orgs/:slug/programs/:programId',
    params: orgProgramParams,
    body: updateProgramBody,
    answer: programSchema,
    errors: [...IN_ORG, 'PROGRAM.NOT_FOUND', 'TEMPLATE.VERSION_NOT_FOUND'],
  }),
  /** orgAdmin; newest first. */
  listAudit: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug/audit',
    params: orgSlugParams,
    query: orgAuditQuery,
    answer: cursorPageSchema(orgAuditEntrySchema),
    errors: IN_ORG,
  }),
  /** orgAdmin: the whole log as `text/csv` (`ORG_AUDIT_CSV_COLUMNS`), newest first. */
  exportAuditCsv: defineRoute({
    method: 'GET',
    path: '/api/orgs/:slug/audit.csv',
    params: orgSlugParams,
    answer: z.string(),
    errors: IN_ORG,
  }),
} as const;

/** The organization service's internal endpoints added by issue 18. */
export const workspaceInternalApi = {
  /** Every organization with its plan (the venture service reconciles its read model with it at start). */
  listOrganizations: defineRoute({
    method: 'GET',
    path: '/internal/organizations/read-model',
    answer: z.array(
      z.object({
        id: z.string(),
        slug: z.string(),
        name: z.string(),
        plan: organizationPlanSchema,
        isActive: z.boolean(),
      }),
    ),
  }),
} as const;
