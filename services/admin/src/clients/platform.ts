import type { InternalClient } from '@app/common';
import type { UserView } from '../domain/admin.ts';

/**
 * The owning services' internal endpoints, in one place: the admin service composes its answers from them
 * and forwards every change to the service that owns the data. Their errors (status, code, message,
 * validationErrors) pass through unchanged.
 */
export interface Platform {
  auth: {
    getUser(id: string): Promise<UserView>;
    listUsers(): Promise<UserView[]>;
    stats(): Promise<{ userCount: number; byOrganization: Record<string, number> }>;
    createUser(body: unknown): Promise<UserView>;
    updateUser(id: string, body: unknown): Promise<UserView>;
    deleteUser(id: string): Promise<unknown>;
  };
  venture: {
    stats(): Promise<{ ventureCount: number; taskCount: number; completedTaskCount: number }>;
    listVentures(): Promise<unknown[]>;
    listTemplates(): Promise<unknown[]>;
    createTemplate(body: unknown): Promise<unknown>;
    updateTemplate(id: string, body: unknown): Promise<unknown>;
    deleteTemplate(id: string): Promise<unknown>;
  };
  organization: {
    list(): Promise<unknown[]>;
    get(id: string): Promise<unknown>;
    create(body: unknown): Promise<unknown>;
    update(id: string, body: unknown): Promise<unknown>;
    remove(id: string): Promise<unknown>;
  };
  contact: {
    /** Newest first; the contact service pages by at most 200. */
    listMessages(page: { limit: number; offset: number }): Promise<unknown[]>;
  };
}

export function createPlatform(client: InternalClient, correlationId: string): Platform {
  const call = <T>(service: string, method: string, path: string, body?: unknown) =>
    client.request<T>(service, method, path, body, { correlationId });
  const id = (value: string) => encodeURIComponent(value);
  return {
    auth: {
      getUser: (userId) => call('auth', 'GET', `/internal/users/${id(userId)}`),
      listUsers: () => call('auth', 'GET', '/internal/users'),
      stats: () => call('auth', 'GET', '/internal/users/stats'),
      createUser: (body) => call('auth', 'POST', '/internal/users', body),
      updateUser: (userId, body) => call('auth', 'PATCH', `/internal/users/${id(userId)}`, body),
      deleteUser: (userId) => call('auth', 'DELETE', `/internal/users/${id(userId)}`),
    },
    venture: {
      stats: () => call('venture', 'GET', '/internal/stats'),
      listVentures: () => call('venture', 'GET', '/internal/ventures'),
      listTemplates: () => call('venture', 'GET', '/internal/task-templates'),
      createTemplate: (body) => call('venture', 'POST', '/internal/task-templates', body),
      updateTemplate: (templateId, body) =>
        call('venture', 'PATCH', `/internal/task-templates/${id(templateId)}`, body),
      deleteTemplate: (templateId) => call('venture', 'DELETE', `/internal/task-templates/${id(templateId)}`),
    },
    organization: {
      list: () => call('organization', 'GET', '/internal/organizations'),
      get: (orgId) => call('organization', 'GET', `/internal/organizations/${id(orgId)}`),
      create: (body) => call('organization', 'POST', '/internal/organizations', body),
      update: (orgId, body) => call('organization', 'PATCH', `/internal/organizations/${id(orgId)}`, body),
      remove: (orgId) => call('organization', 'DELETE', `/internal/organizations/${id(orgId)}`),
    },
    contact: {
      async listMessages({ limit, offset }) {
        const page = await call<{ messages: unknown[] }>(
          'contact',
          'GET',
          `/internal/contact-messages?limit=${limit}&offset=${offset}`,
        );
        return page.messages;
      },
    },
  };
}
