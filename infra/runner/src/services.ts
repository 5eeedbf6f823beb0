// The platform's services, in start order: the one list the runner (`npm start`), the test library's
// `startPlatform` and the ops suite's deployables read. Adding a service = one entry here.
import type { parseConfig, RunningService, ServiceOverrides } from '@app/common';

type ConfigSchema = Parameters<typeof parseConfig>[0];

export interface PlatformService {
  name: 'mailer' | 'auth' | 'venture' | 'organization' | 'contact' | 'admin';
  /** Its workspace folder (the Dockerfile's APP). */
  dir: string;
  /** The variable that gives the gateway and the other services its address; none: no API (the mailer). */
  urlVar?: string;
  /** Its port under `npm start` with SERVICE_PORT_BASE=<n>: n + this (its default port is 4000 + this). */
  portOffset: number;
  /** Its configuration schema and start function, loaded on demand (a caller loads only what it starts). */
  load(): Promise<{
    schema: ConfigSchema;
    /** `start<Name>Service`, given a configuration its schema parsed. */
    start(config: unknown, overrides: ServiceOverrides): Promise<RunningService>;
  }>;
}

export type PlatformServiceName = PlatformService['name'];

export const PLATFORM_SERVICES: readonly PlatformService[] = [
  // First: on the in-process bus an event reaches only consumers already subscribed.
  {
    name: 'mailer',
    dir: 'services/mailer',
    portOffset: 6,
    load: async () => {
      const m = await import('@app/mailer');
      return { schema: m.mailerConfigSchema, start: (c, o) => m.startMailerService(c as never, o) };
    },
  },
  {
    name: 'auth',
    dir: 'services/auth',
    portOffset: 1,
    urlVar: 'AUTH_URL',
    load: async () => {
      const m = await import('@app/auth');
      return { schema: m.authConfigSchema, start: (c, o) => m.startAuthService(c as never, o) };
    },
  },
  // After auth: it asks auth for venture owners' usernames, and consumes auth's user.deleted.
  {
    name: 'venture',
    dir: 'services/venture',
    portOffset: 2,
    urlVar: 'VENTURE_URL',
    load: async () => {
      const m = await import('@app/venture');
      return { schema: m.ventureConfigSchema, start: (c, o) => m.startVentureService(c as never, o) };
    },
  },
  {
    name: 'organization',
    dir: 'services/organization',
    portOffset: 3,
    urlVar: 'ORGANIZATION_URL',
    load: async () => {
      const m = await import('@app/organization');
      return {
        schema: m.organizationConfigSchema,
        start: (c, o) => m.startOrganizationService(c as never, o),
      };
    },
  },
  {
    name: 'contact',
    dir: 'services/contact',
    portOffset: 4,
    urlVar: 'CONTACT_URL',
    load: async () => {
      const m = await import('@app/contact');
      return { schema: m.contactConfigSchema, start: (c, o) => m.startContactService(c as never, o) };
    },
  },
  // Last: it calls every other service, so it is given all their URLs.
  {
    name: 'admin',
    dir: 'services/admin',
    portOffset: 5,
    urlVar: 'ADMIN_URL',
    load: async () => {
      const m = await import('@app/admin');
      return { schema: m.adminConfigSchema, start: (c, o) => m.startAdminService(c as never, o) };
    },
  },
];
