import { callRoute, type InternalClient, type RouteCall } from '@app/common';
import {
  authInternalApi,
  contactInternalApi,
  organizationInternalApi,
  ventureInternalApi,
  type PageRequest,
  type RouteAnswer,
  type RouteBody,
  type RouteSpec,
} from '@app/contracts';

type Answer<R extends RouteSpec> = Promise<RouteAnswer<R>>;

const auth = authInternalApi;
const venture = ventureInternalApi;
const organization = organizationInternalApi;

/**
 * The owning services' internal endpoints, in one place, typed by their route contracts: the admin service
 * composes its answers from them and forwards every change to the service that owns the data. A change's
 * body is passed on as the administrator sent it: the owning service validates it with the contract's schema
 * and answers the messages. Their errors (status, code, message, validationErrors) pass through unchanged.
 */
export interface Platform {
  auth: {
    getUser(id: string): Answer<typeof auth.getUser>;
    /** A page of users, newest first. */
    listUsers(page: PageRequest): Answer<typeof auth.listUsers>;
    stats(): Answer<typeof auth.userStats>;
    /** Users per organization id, for the named organizations. */
    organizationUserCounts(organizationIds: readonly string[]): Promise<Record<string, number>>;
    createUser(body: RouteBody<typeof auth.createUser>): Answer<typeof auth.createUser>;
    updateUser(id: string, body: RouteBody<typeof auth.updateUser>): Answer<typeof auth.updateUser>;
    deleteUser(id: string): Answer<typeof auth.deleteUser>;
  };
  venture: {
    stats(): Answer<typeof venture.stats>;
    /** A page of ventures (with member counts), newest first. */
    listVentures(page: PageRequest): Answer<typeof venture.listVentures>;
    listTemplates(): Answer<typeof venture.listTemplates>;
    createTemplate(body: RouteBody<typeof venture.createTemplate>): Answer<typeof venture.createTemplate>;
    updateTemplate(
      id: string,
      body: RouteBody<typeof venture.updateTemplate>,
    ): Answer<typeof venture.updateTemplate>;
    deleteTemplate(id: string): Answer<typeof venture.deleteTemplate>;
  };
  organization: {
    /** A page of organizations, newest first. */
    list(page: PageRequest): Answer<typeof organization.list>;
    /** Organization id → name, for the named organizations (unknown ones are absent). */
    names(ids: readonly string[]): Promise<Map<string, string>>;
    get(id: string): Answer<typeof organization.get>;
    create(body: RouteBody<typeof organization.create>): Answer<typeof organization.create>;
    update(id: string, body: RouteBody<typeof organization.update>): Answer<typeof organization.update>;
    remove(id: string): Answer<typeof organization.remove>;
  };
  contact: {
    /** A page of messages, newest first. */
    listMessages(page: PageRequest): Answer<typeof contactInternalApi.listMessages>;
  };
}

/** A page request as query parameters: absent cursor and empty search are left out. */
function pageQuery({ cursor, limit, q }: PageRequest): { limit: number; cursor?: string; q?: string } {
  return { limit, ...(cursor ? { cursor } : {}), ...(q ? { q } : {}) };
}

/**
 * Single records are checked against their answer schema (cheap, and the admin check reads `isAdmin` and
 * `isActive` from one); lists are passed on as typed, unchecked.
 */
export function createPlatform(client: InternalClient, correlationId: string): Platform {
  const call = <R extends RouteSpec>(service: string, route: R, opts: RouteCall<R>) =>
    callRoute(client, service, route, { ...opts, correlationId } as RouteCall<R>);
  return {
    auth: {
      getUser: (id) => call('auth', auth.getUser, { params: { id }, parse: true }),
      listUsers: (page) => call('auth', auth.listUsers, { query: pageQuery(page) }),
      stats: () => call('auth', auth.userStats, { parse: true }),
      async organizationUserCounts(organizationIds) {
        if (organizationIds.length === 0) return {};
        const answer = await call('auth', auth.organizationUserCounts, {
          query: { organizationIds: organizationIds.join(',') },
        });
        return answer.counts;
      },
      createUser: (body) => call('auth', auth.createUser, { body, parse: true }),
      updateUser: (id, body) => call('auth', auth.updateUser, { params: { id }, body, parse: true }),
      deleteUser: (id) => call('auth', auth.deleteUser, { params: { id } }),
    },
    venture: {
      stats: () => call('venture', venture.stats, { parse: true }),
      listVentures: (page) => call('venture', venture.listVentures, { query: pageQuery(page) }),
      listTemplates: () => call('venture', venture.listTemplates, {}),
      createTemplate: (body) => call('venture', venture.createTemplate, { body, parse: true }),
      updateTemplate: (id, body) =>
        call('venture', venture.updateTemplate, { params: { id }, body, parse: true }),
      deleteTemplate: (id) => call('venture', venture.deleteTemplate, { params: { id } }),
    },
    organization: {
      list: (page) => call('organization', organization.list, { query: pageQuery(page) }),
      async names(ids) {
        if (ids.length === 0) return new Map();
        const answer = await call('organization', organization.names, { query: { ids: ids.join(',') } });
        return new Map(answer.map((org) => [org.id, org.name]));
      },
      get: (id) => call('organization', organization.get, { params: { id }, parse: true }),
      create: (body) => call('organization', organization.create, { body, parse: true }),
      update: (id, body) => call('organization', organization.update, { params: { id }, body, parse: true }),
      remove: (id) => call('organization', organization.remove, { params: { id } }),
    },
    contact: {
      listMessages: (page) => call('contact', contactInternalApi.listMessages, { query: pageQuery(page) }),
    },
  };
}
