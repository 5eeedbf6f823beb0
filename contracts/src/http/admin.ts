import { z } from 'zod';
import { createUserBody, updateUserBody, userSchema } from './auth.ts';
import { contactMessageSchema } from './contact.ts';
import {
  createOrganizationBody,
  organizationSchema,
  organizationWithCountSchema,
  updateOrganizationBody,
} from './organization.ts';
import {
  cursorPageSchema,
  defineRoute,
  INVALID_CURSOR_CODE,
  searchablePageQuery,
  successSchema,
} from './route.ts';
import { adminVentureSchema, createTemplateBody, taskTemplateSchema, updateTemplateBody } from './venture.ts';

/*
 * The admin dashboard's API (spec §7 "Admin"). Every call requires an active administrator, checked afresh
 * on each call. The admin service composes its answers from the owning services' internal endpoints and
 * forwards changes to them as they came: a change's body is validated by the owning service, with the schema
 * named here (so its messages and codes are the owning service's).
 */

// ---- Shapes ------------------------------------------------------------------------------------------------

/** The dashboard's figures (spec §3 "Admin stats"). */
export const adminStatsSchema = z.object({
  userCount: z.number().int(),
  ventureCount: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
});
export type AdminStats = z.output<typeof adminStatsSchema>;

/** A row of the dashboard's venture list: the venture service's row, with its member count (issue 16). */
export const adminVentureRowSchema = adminVentureSchema;
export type AdminVentureRow = z.output<typeof adminVentureRowSchema>;

/** A row of the dashboard's user list: auth's user and the name of the organization they registered through. */
export const adminUserRowSchema = userSchema.extend({
  /** Null without an organization, or when it no longer exists (`organizationId` stays as stored). */
  organizationName: z.string().nullable(),
});
export type AdminUserRow = z.output<typeof adminUserRowSchema>;

export const AUDIT_TARGET_TYPES = ['user', 'organization', 'task-template'] as const;
export const AUDIT_OUTCOMES = ['pending', 'succeeded', 'failed'] as const;

/** One admin action: who did what to which thing, when, and how it ended. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorUsername: z.string(),
  /** e.g. `user.update`, `organization.delete`. */
  action: z.string(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  /** What was asked for (never a password). */
  details: z.record(z.string(), z.unknown()),
  /** `pending` stays only when the service stopped between the action and recording its outcome. */
  outcome: z.enum(AUDIT_OUTCOMES),
  /** The error code of a failed action. */
  errorCode: z.string().nullable(),
  at: z.iso.datetime(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

// ---- Parameters and queries --------------------------------------------------------------------------------

/** Ids are passed on to the owning service, which validates them; only their size is bounded here. */
export const adminIdParams = z.object({ id: z.string().min(1).max(64) });
/**
 * The dashboard's lists (users, ventures, organizations, contact messages) are cursor pages, newest first,
 * searched on the server (issue 18): `?cursor=&limit=&q=` (limit 1-200, 50 by default; `PAGE_SIZE`).
 */
export const adminListQuery = searchablePageQuery;
export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

// ---- Routes ------------------------------------------------------------------------------------------------

const ADMIN = ['AUTH.UNAUTHENTICATED', 'ADMIN.FORBIDDEN'] as const;
const ADMIN_LIST = [...ADMIN, INVALID_CURSOR_CODE] as const;

export const adminApi = {
  stats: defineRoute({ method: 'GET', path: '/api/admin/stats', answer: adminStatsSchema, errors: ADMIN }),
  /** Searched by e-mail, first and last name. */
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    query: adminListQuery,
    answer: cursorPageSchema(adminUserRowSchema),
    errors: ADMIN_LIST,
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users',
    status: 201,
    body: createUserBody,
    answer: userSchema,
    errors: [...ADMIN, 'AUTH.USERNAME_TAKEN'],
  }),
  /** Deactivating a user ends their sessions before the answer. */
  updateUser: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/:id',
    params: adminIdParams,
    body: updateUserBody,
    answer: userSchema,
    errors: [...ADMIN, 'ADMIN.SELF_DEMOTE', 'USER.NOT_FOUND', 'AUTH.USERNAME_TAKEN', 'AUTH.LAST_ADMIN'],
  }),
  /** Ends the user's sessions before the answer. */
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    params: adminIdParams,
    answer: successSchema,
    errors: [...ADMIN, 'ADMIN.SELF_DELETE', 'USER.NOT_FOUND', 'AUTH.LAST_ADMIN'],
  }),
  makeAdmin: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/make-admin',
    params: adminIdParams,
    answer: userSchema,
    errors: [...ADMIN, 'USER.NOT_FOUND'],
  }),
  /** Searched by name. */
  listVentures: defineRoute({
    method: 'GET',
    path: '/api/admin/ventures',
    query: adminListQuery,
    answer: cursorPageSchema(adminVentureRowSchema),
    errors: ADMIN_LIST,
  }),
  listTemplates: defineRoute({
    method: 'GET',
    path: '/api/admin/tasks-master',
    answer: z.array(taskTemplateSchema),
    errors: ADMIN,
  }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/api/admin/tasks-master',
    status: 201,
    body: createTemplateBody,
    answer: taskTemplateSchema,
    errors: ADMIN,
  }),
  updateTemplate: defineRoute({
    method: 'PATCH',
    path: '/api/admin/tasks-master/:id',
    params: adminIdParams,
    body: updateTemplateBody,
    answer: taskTemplateSchema,
    errors: [...ADMIN, 'TEMPLATE.NOT_FOUND'],
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/admin/tasks-master/:id',
    params: adminIdParams,
    answer: successSchema,
    errors: [...ADMIN, 'TEMPLATE.NOT_FOUND'],
  }),
  /** Searched by name; each with how many users registered through it. */
  listOrganizations: defineRoute({
    method: 'GET',
    path: '/api/admin/organizations',
    query: adminListQuery,
    answer: cursorPageSchema(organizationWithCountSchema),
    errors: ADMIN_LIST,
  }),
  getOrganization: defineRoute({
    method: 'GET',
    path: '/api/admin/organizations/:id',
    params: adminIdParams,
    answer: organizationWithCountSchema,
    errors: [...ADMIN, 'ORGANIZATION.NOT_FOUND'],
  }),
  createOrganization: defineRoute({
    method: 'POST',
    path: '/api/admin/organizations',
    status: 201,
    body: createOrganizationBody,
    answer: organizationSchema,
    errors: [...ADMIN, 'ORGANIZATION.SLUG_TAKEN', 'ORGANIZATION.DOMAIN_TAKEN'],
  }),
  updateOrganization: defineRoute({
    method: 'PATCH',
    path: '/api/admin/organizations/:id',
    params: adminIdParams,
    body: updateOrganizationBody,
    answer: organizationSchema,
    errors: [...ADMIN, 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.SLUG_TAKEN', 'ORGANIZATION.DOMAIN_TAKEN'],
  }),
  deleteOrganization: defineRoute({
    method: 'DELETE',
    path: '/api/admin/organizations/:id',
    params: adminIdParams,
    answer: successSchema,
    errors: [...ADMIN, 'ORGANIZATION.NOT_FOUND', 'ORGANIZATION.HAS_USERS'],
  }),
  /** Searched by the sender's e-mail and the subject. */
  listContactMessages: defineRoute({
    method: 'GET',
    path: '/api/admin/contact-messages',
    query: adminListQuery,
    answer: cursorPageSchema(contactMessageSchema),
    errors: ADMIN_LIST,
  }),
  /** Newest first. */
  listAudit: defineRoute({
    method: 'GET',
    path: '/api/admin/audit',
    query: auditQuery,
    answer: z.array(auditEntrySchema),
    errors: ADMIN,
  }),
} as const;
