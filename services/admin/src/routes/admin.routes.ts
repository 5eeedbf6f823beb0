import { AppError, getCorrelationId, parseInput, respond, type InternalClient } from '@app/common';
import {
  adminApi,
  adminIdParams,
  adminListQuery,
  type PageRequest,
  formatSessionAction,
  ORGANIZATION_FIELDS,
  WHITE_LABEL_FIELDS,
  SESSION_ACTION_HEADER,
  type RouteAnswer,
  type RouteBody,
  type RouteSpec,
} from '@app/contracts';
import type { Request, Router } from 'express';
import { createPlatform, type Platform } from '../clients/platform.ts';
import type { AuditLog, NewAuditEntry, UserView } from '../domain/admin.ts';
import { getStats } from '../domain/get-stats.ts';
import { listOrganizationRows } from '../domain/list-organization-rows.ts';
import { listUserRows } from '../domain/list-user-rows.ts';
import { guardSelfDelete, guardSelfUpdate } from '../domain/guard-self.ts';
import { recordAction } from '../domain/record-action.ts';
import { requireAdmin } from '../domain/require-admin.ts';

export interface AdminRouteContext {
  client: InternalClient;
  audit: AuditLog;
  clock: () => Date;
}

type AdminApi = typeof adminApi;
type AdminRouteName = keyof AdminApi;

/**
 * Every admin call, in one table (`adminApi` of `@app/contracts`): the routes are registered from it, and
 * the access-matrix test reads it (so a route added there without a rule in that test fails it). All of
 * them require an active administrator.
 */
export const ADMIN_ROUTES = Object.values(adminApi).map(({ method, path }) => ({
  method,
  path,
})) as ReadonlyArray<
  {
    [K in AdminRouteName]: { method: AdminApi[K]['method']; path: AdminApi[K]['path'] };
  }[AdminRouteName]
>;

export type AdminRouteKey = {
  [K in AdminRouteName]: `${AdminApi[K]['method']} ${AdminApi[K]['path']}`;
}[AdminRouteName];

interface Call {
  req: Request;
  admin: UserView;
  platform: Platform;
  audit: AuditLog;
  /** Runs a change under the audit log, as this administrator. */
  audited<T>(entry: Omit<NewAuditEntry, 'actorId' | 'actorUsername'>, action: () => Promise<T>): Promise<T>;
}

interface Answer<R extends RouteSpec> {
  body: RouteAnswer<R>;
  /** The user whose sessions the gateway must end before answering (deactivated or deleted). */
  endSessionsOf?: string;
}

type Handler<R extends RouteSpec> = (call: Call) => Promise<Answer<R>>;

/** `?cursor=&limit=&q=` of a dashboard list (the owning service checks the cursor itself). */
function pageOf(req: Request): PageRequest {
  return parseInput(adminListQuery, req.query);
}

function idOf(req: Request): string {
  const parsed = adminIdParams.safeParse(req.params);
  if (!parsed.success) throw AppError.badRequest('Invalid id');
  return parsed.data.id;
}

/**
 * A JSON object body, passed on as it came: the owning service validates its fields with the route's
 * contract and answers the messages (so the body is typed by that contract, unchecked here).
 */
function objectBody<R extends RouteSpec>(req: Request, _route: R): RouteBody<R> & Record<string, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw AppError.badRequest('Request body must be a JSON object');
  return body as RouteBody<R> & Record<string, unknown>;
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

const handlers: { [K in AdminRouteName]: Handler<AdminApi[K]> } = {
  stats: async ({ platform }) => ({ body: await getStats(platform) }),
  listUsers: async ({ req, platform }) => ({ body: await listUserRows(platform, pageOf(req)) }),

  createUser: async ({ req, platform, audited }) => {
    const body = objectBody(req, adminApi.createUser);
    const user = await audited(
      { action: 'user.create', targetType: 'user', targetId: null, details: summary(body, USER_FIELDS) },
      () => platform.auth.createUser(body),
    );
    return { body: user };
  },

  updateUser: async ({ req, admin, platform, audited }) => {
    const id = idOf(req);
    const body = objectBody(req, adminApi.updateUser);
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

  deleteUser: async ({ req, admin, platform, audited }) => {
    const id = idOf(req);
    await audited({ action: 'user.delete', targetType: 'user', targetId: id, details: {} }, async () => {
      guardSelfDelete(admin, id);
      await platform.auth.deleteUser(id);
    });
    return { body: { success: true }, endSessionsOf: id };
  },

  makeAdmin: async ({ req, platform, audited }) => {
    const id = idOf(req);
    const user = await audited(
      { action: 'user.make-admin', targetType: 'user', targetId: id, details: { isAdmin: true } },
      () => platform.auth.updateUser(id, { isAdmin: true }),
    );
    return { body: user };
  },

  listVentures: async ({ req, platform }) => ({ body: await platform.venture.listVentures(pageOf(req)) }),
  listTemplates: async ({ platform }) => ({ body: await platform.venture.listTemplates() }),

  createTemplate: async ({ req, platform, audited }) => {
    const body = objectBody(req, adminApi.createTemplate);
    const template = await audited(
      {
        action: 'task-template.create',
        targetType: 'task-template',
        targetId: null,
        details: summary(body, TEMPLATE_FIELDS),
      },
      () => platform.venture.createTemplate(body),
    );
    return { body: template };
  },

  updateTemplate: async ({ req, platform, audited }) => {
    const id = idOf(req);
    const body = objectBody(req, adminApi.updateTemplate);
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

  deleteTemplate: async ({ req, platform, audited }) => {
    const id = idOf(req);
    await audited(
      { action: 'task-template.delete', targetType: 'task-template', targetId: id, details: {} },
      () => platform.venture.deleteTemplate(id),
    );
    return { body: { success: true } };
  },

  listOrganizations: async ({ req, platform }) => ({
    body: await listOrganizationRows(platform, pageOf(req)),
  }),
  getOrganization: async ({ req, platform }) => ({
    body: await platform.organization.get(idOf(req)),
  }),

  createOrganization: async ({ req, platform, audited }) => {
    const body = objectBody(req, adminApi.createOrganization);
    const org = await audited(
      {
        action: 'organization.create',
        targetType: 'organization',
        targetId: null,
        details: summary(body, [...ORGANIZATION_FIELDS, ...WHITE_LABEL_FIELDS]),
      },
      () => platform.organization.create(body),
    );
    return { body: org };
  },

  updateOrganization: async ({ req, platform, audited }) => {
    const id = idOf(req);
    const body = objectBody(req, adminApi.updateOrganization);
    const org = await audited(
      {
        action: 'organization.update',
        targetType: 'organization',
        targetId: id,
        details: summary(body, [...ORGANIZATION_FIELDS, ...WHITE_LABEL_FIELDS]),
      },
      () => platform.organization.update(id, body),
    );
    return { body: org };
  },

  deleteOrganization: async ({ req, platform, audited }) => {
    const id = idOf(req);
    await audited(
      { action: 'organization.delete', targetType: 'organization', targetId: id, details: {} },
      () => platform.organization.remove(id),
    );
    return { body: { success: true } };
  },

  listContactMessages: async ({ req, platform }) => ({
    body: await platform.contact.listMessages(pageOf(req)),
  }),

  listAudit: async ({ req, audit }) => {
    const parsed = adminApi.listAudit.query.safeParse(req.query);
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

  for (const name of Object.keys(adminApi) as AdminRouteName[]) register(router, ctx, name);
}

function register<K extends AdminRouteName>(router: Router, ctx: AdminRouteContext, name: K): void {
  const route: AdminApi[K] = adminApi[name];
  const handler: Handler<AdminApi[K]> = handlers[name];
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
    // The gateway ends the deactivated or deleted user's sessions before the administrator gets the answer,
    // so their next request is anonymous even while the broker that carries `user.sessions_revoked` is away.
    if (answer.endSessionsOf)
      res.setHeader(
        SESSION_ACTION_HEADER,
        formatSessionAction({ kind: 'revoke-user', userId: answer.endSessionsOf }),
      );
    respond(res, route, answer.body);
  });
}
