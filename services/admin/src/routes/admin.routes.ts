import { AppError, getCorrelationId, type InternalClient } from '@app/common';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { createPlatform, type Platform } from '../clients/platform.ts';
import type { AuditLog, NewAuditEntry, UserView } from '../domain/admin.ts';
import { getStats } from '../domain/get-stats.ts';
import { guardSelfDelete, guardSelfUpdate } from '../domain/guard-self.ts';
import { recordAction } from '../domain/record-action.ts';
import { requireAdmin } from '../domain/require-admin.ts';

export interface AdminRouteContext {
  client: InternalClient;
  audit: AuditLog;
  clock: () => Date;
}

/**
 * Every admin call, in one table: the routes are registered from it, and the access-matrix test reads it
 * (so a route added here without a rule in that test fails it). All of them require an active administrator.
 */
export const ADMIN_ROUTES = [
  { method: 'GET', path: '/api/admin/stats' },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'POST', path: '/api/admin/users' },
  { method: 'PATCH', path: '/api/admin/users/:id' },
  { method: 'DELETE', path: '/api/admin/users/:id' },
  { method: 'POST', path: '/api/admin/users/:id/make-admin' },
  { method: 'GET', path: '/api/admin/ventures' },
  { method: 'GET', path: '/api/admin/tasks-master' },
  { method: 'POST', path: '/api/admin/tasks-master' },
  { method: 'PATCH', path: '/api/admin/tasks-master/:id' },
  { method: 'DELETE', path: '/api/admin/tasks-master/:id' },
  { method: 'GET', path: '/api/admin/organizations' },
  { method: 'GET', path: '/api/admin/organizations/:id' },
  { method: 'POST', path: '/api/admin/organizations' },
  { method: 'PATCH', path: '/api/admin/organizations/:id' },
  { method: 'DELETE', path: '/api/admin/organizations/:id' },
  { method: 'GET', path: '/api/admin/contact-messages' },
  { method: 'GET', path: '/api/admin/audit' },
] as const;

type AdminRoute = (typeof ADMIN_ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;
export type AdminRouteKey = KeyOf<AdminRoute>;

interface Call {
  req: Request;
  admin: UserView;
  platform: Platform;
  audit: AuditLog;
  /** Runs a change under the audit log, as this administrator. */
  audited<T>(entry: Omit<NewAuditEntry, 'actorId' | 'actorUsername'>, action: () => Promise<T>): Promise<T>;
}

interface Answer {
  status?: number;
  body: unknown;
  /** The user whose sessions the gateway must end before answering (deactivated or deleted). */
  endSessionsOf?: string;
}

/**
 * Header the gateway acts on and strips (`revoke-user`): the deactivated or deleted user's sessions end
 * before the administrator gets the answer, so their next request is anonymous even while the broker
 * that carries `user.sessions_revoked` is away.
 */
const SESSION_ACTION_HEADER = 'x-session-action';

/** Ids are passed on to the owning service, which validates them; only their size is bounded here. */
const idParams = z.object({ id: z.string().min(1).max(64) });
const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(200),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

function idOf(req: Request): string {
  const parsed = idParams.safeParse(req.params);
  if (!parsed.success) throw AppError.badRequest('Invalid id');
  return parsed.data.id;
}

/** A JSON object body (fields are validated by the owning service, which answers the messages). */
function objectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw AppError.badRequest('Request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** What the audit log keeps of a request: the named fields with plain values, never a password. */
function summary(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    const value = body[field];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      kept[field] = typeof value === 'string' ? value.slice(0, 200) : value;
  }
  return kept;
}

const USER_FIELDS = ['username', 'isAdmin', 'isActive'] as const;
const TEMPLATE_FIELDS = ['title', 'category', 'description'] as const;
const ORGANIZATION_FIELDS = [
  'name',
  'slug',
  'logoUrl',
  'primaryColor',
  'secondaryColor',
  'description',
  'isActive',
] as const;

const handlers: Record<AdminRouteKey, (call: Call) => Promise<Answer>> = {
  'GET /api/admin/stats': async ({ platform }) => ({ body: await getStats(platform) }),
  'GET /api/admin/users': async ({ platform }) => ({ body: await platform.auth.listUsers() }),

  'POST /api/admin/users': async ({ req, platform, audited }) => {
    const body = objectBody(req);
    const user = await audited(
      { action: 'user.create', targetType: 'user', targetId: null, details: summary(body, USER_FIELDS) },
      () => platform.auth.createUser(body),
    );
    return { status: 201, body: user };
  },

  'PATCH /api/admin/users/:id': async ({ req, admin, platform, audited }) => {
    const id = idOf(req);
    const body = objectBody(req);
    const user = await audited(
      { action: 'user.update', targetType: 'user', targetId: id, details: summary(body, USER_FIELDS) },
      async () => {
        guardSelfUpdate(admin, id, body);
        return platform.auth.updateUser(id, body);
      },
    );
    // An inactive user has no session left to keep, so ending them again is always right.
    return { body: user, ...(user.isActive === false ? { endSessionsOf: user.id } : {}) };
  },

  'DELETE /api/admin/users/:id': async ({ req, admin, platform, audited }) => {
    const id = idOf(req);
    await audited({ action: 'user.delete', targetType: 'user', targetId: id, details: {} }, async () => {
      guardSelfDelete(admin, id);
      await platform.auth.deleteUser(id);
    });
    return { body: { success: true }, endSessionsOf: id };
  },

  'POST /api/admin/users/:id/make-admin': async ({ req, platform, audited }) => {
    const id = idOf(req);
    const user = await audited(
      { action: 'user.make-admin', targetType: 'user', targetId: id, details: { isAdmin: true } },
      () => platform.auth.updateUser(id, { isAdmin: true }),
    );
    return { body: user };
  },

  'GET /api/admin/ventures': async ({ platform }) => ({ body: await platform.venture.listVentures() }),
  'GET /api/admin/tasks-master': async ({ platform }) => ({ body: await platform.venture.listTemplates() }),

  'POST /api/admin/tasks-master': async ({ req, platform, audited }) => {
    const body = objectBody(req);
    const template = await audited(
      {
        action: 'task-template.create',
        targetType: 'task-template',
        targetId: null,
        details: summary(body, TEMPLATE_FIELDS),
      },
      () => platform.venture.createTemplate(body),
    );
    return { status: 201, body: template };
  },

  'PATCH /api/admin/tasks-master/:id': async ({ req, platform, audited }) => {
    const id = idOf(req);
    const body = objectBody(req);
    const template = await audited(
      {
        action: 'task-template.update',
        targetType: 'task-template',
        targetId: id,
        details: summary(body, TEMPLATE_FIELDS),
      },
      () => platform.venture.updateTemplate(id, body),
    );
    return { body: template };
  },

  'DELETE /api/admin/tasks-master/:id': async ({ req, platform, audited }) => {
    const id = idOf(req);
    await audited(
      { action: 'task-template.delete', targetType: 'task-template', targetId: id, details: {} },
      () => platform.venture.deleteTemplate(id),
    );
    return { body: { success: true } };
  },

  'GET /api/admin/organizations': async ({ platform }) => ({ body: await platform.organization.list() }),
  'GET /api/admin/organizations/:id': async ({ req, platform }) => ({
    body: await platform.organization.get(idOf(req)),
  }),

  'POST /api/admin/organizations': async ({ req, platform, audited }) => {
    const body = objectBody(req);
    const org = await audited(
      {
        action: 'organization.create',
        targetType: 'organization',
        targetId: null,
        details: summary(body, ORGANIZATION_FIELDS),
      },
      () => platform.organization.create(body),
    );
    return { status: 201, body: org };
  },

  'PATCH /api/admin/organizations/:id': async ({ req, platform, audited }) => {
    const id = idOf(req);
    const body = objectBody(req);
    const org = await audited(
      {
        action: 'organization.update',
        targetType: 'organization',
        targetId: id,
        details: summary(body, ORGANIZATION_FIELDS),
      },
      () => platform.organization.update(id, body),
    );
    return { body: org };
  },

  'DELETE /api/admin/organizations/:id': async ({ req, platform, audited }) => {
    const id = idOf(req);
    await audited(
      { action: 'organization.delete', targetType: 'organization', targetId: id, details: {} },
      () => platform.organization.remove(id),
    );
    return { body: { success: true } };
  },

  'GET /api/admin/contact-messages': async ({ req, platform }) => {
    const parsed = messagesQuery.safeParse(req.query);
    if (!parsed.success) throw AppError.badRequest('limit must be 1 to 200 and offset a whole number from 0');
    return { body: await platform.contact.listMessages(parsed.data) };
  },

  'GET /api/admin/audit': async ({ req, audit }) => {
    const parsed = auditQuery.safeParse(req.query);
    if (!parsed.success) throw AppError.badRequest('limit must be a whole number from 1 to 500');
    return { body: await audit.list(parsed.data.limit) };
  },
};

/** The dashboard's API (spec §7 "Admin" and what it leaves open); every call checks the admin flag afresh. */
export function adminRoutes(router: Router, ctx: AdminRouteContext): void {
  // Anything under /api/admin, known or not, is answered only to an administrator (unknown → 404 after).
  router.use('/api/admin', async (req, _res, next) => {
    try {
      const platform = createPlatform(ctx.client, getCorrelationId(req));
      const admin = await requireAdmin(platform, req.identity?.sub);
      Object.assign(req, { adminCall: { admin, platform } });
      next();
    } catch (error) {
      next(error);
    }
  });

  for (const route of ADMIN_ROUTES) {
    const handler = handlers[`${route.method} ${route.path}` as AdminRouteKey];
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    router[method](route.path, async (req, res) => {
      const { admin, platform } = (req as Request & { adminCall: { admin: UserView; platform: Platform } })
        .adminCall;
      const answer = await handler({
        req,
        admin,
        platform,
        audit: ctx.audit,
        audited: (entry, action) =>
          recordAction(
            ctx.audit,
            ctx.clock,
            { ...entry, actorId: admin.id, actorUsername: admin.username },
            action,
          ),
      });
      if (answer.endSessionsOf)
        res.setHeader(SESSION_ACTION_HEADER, `revoke-user; user=${answer.endSessionsOf}`);
      res.status(answer.status ?? 200).json(answer.body);
    });
  }
}
