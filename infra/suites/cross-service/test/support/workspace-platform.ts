import { createEvent, openSealedText, type EventEnvelope, type EventType, type EventData } from '@app/common';
import { invitationTokenFromHash, type OrgRole } from '@app/contracts';
import { expect } from '@jest/globals';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  SECRET,
  startPlatform,
  unique,
  type Platform,
} from './admin-platform.ts';

export { Browser, unique };

export interface Person {
  browser: Browser;
  user: { id: string; username: string };
}

/** An organization with one person in each role, signed in through the gateway, and an open program. */
export interface Workspace {
  id: string;
  slug: string;
  name: string;
  programId: string;
  orgAdmin: Person;
  programManager: Person;
  mentor: Person;
  founder: Person;
  /** A founder who registered through another organization. */
  otherFounder: Person;
}

export interface WorkspacePlatform {
  platform: Platform;
  /** The platform administrator (`ADMIN_EMAIL`), signed in. */
  administrator: Browser;
  /** A new organization (through the admin service's internal call), with no members. */
  organization(fields?: Record<string, unknown>): Promise<{ id: string; slug: string; name: string }>;
  /** Invites `email` to `slug` as `role` (by `as`) and returns the invitation id and the link's token. */
  invite(
    as: Browser,
    slug: string,
    email: string,
    role: OrgRole,
    programId?: string,
  ): Promise<{ id: string; token: string }>;
  /** The raw token of the newest invitation e-mail to `email` (opened from the event as the mailer does). */
  tokenFor(email: string, after?: number): Promise<string>;
  /** Every `organization.member_invited` to `email` so far. */
  invitationsTo(email: string): Array<EventEnvelope<'organization.member_invited'>>;
  /** Resolves once `check` holds after an organization event arrived (bounded). */
  until(check: () => boolean, what: string): Promise<void>;
  /** Events of `type` the organization service published so far. */
  published<T extends EventType>(type: T): Array<EventEnvelope<T>>;
  /** Publishes an event on the platform's bus as another service would. */
  publish<T extends EventType>(type: T, data: EventData<T>): Promise<EventEnvelope<T>>;
  /** A user who joined `slug` with `role` through an accepted invitation. */
  staff(slug: string, role: OrgRole, inviter: Browser): Promise<Person>;
  /** A visitor registering on `/org/{slug}` (a founder member). */
  registerFounder(slug: string): Promise<Person>;
  workspace(): Promise<Workspace>;
  close(): Promise<void>;
}

const WATCHED = [
  'organization.updated',
  'organization.deleted',
  'organization.member_changed',
  'organization.member_invited',
  'program.changed',
  'program.founder_enrolled',
] as const satisfies readonly EventType[];

/**
 * The whole platform behind the real gateway (the admin suite's, with its first administrator), and a
 * listener on its bus for the organization service's events, so tests follow invitation links as their
 * invitees would and see what was published.
 */
export async function startWorkspacePlatform(): Promise<WorkspacePlatform> {
  const platform = await startPlatform();
  const administrator = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const seen: EventEnvelope[] = [];
  const waiters = new Set<() => void>();
  await platform.bus().subscribe({
    queue: `test.workspace.events.${unique()}`,
    types: [...WATCHED],
    handler: async (event) => {
      seen.push(event);
      for (const wake of waiters) wake();
    },
  });
  /** Resolves once `check` holds after some event arrived (10 s at most: events travel asynchronously). */
  async function until(check: () => boolean, what: string): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const bound = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`timed out waiting for ${what}`));
      }, 10_000);
      function wake() {
        if (!check()) return;
        clearTimeout(bound);
        waiters.delete(wake);
        resolve();
      }
      waiters.add(wake);
    });
  }
  const published = <T extends EventType>(type: T): Array<EventEnvelope<T>> =>
    seen.filter((e) => e.type === type) as unknown as Array<EventEnvelope<T>>;
  const invitationsTo = (email: string) =>
    published('organization.member_invited').filter((e) => e.data.inviteeEmail === email);

  async function tokenFor(email: string, after = 0): Promise<string> {
    await until(() => invitationsTo(email).length > after, `an invitation e-mail to ${email}`);
    const url = openSealedText(invitationsTo(email).at(-1)!.data.sealedAcceptUrl, SECRET);
    return invitationTokenFromHash(new URL(url!).hash)!;
  }

  async function invite(as: Browser, slug: string, email: string, role: OrgRole, programId?: string) {
    const before = invitationsTo(email).length;
    const res = await as.call('POST', `/api/orgs/${slug}/invitations`, {
      email,
      role,
      ...(programId ? { programId } : {}),
    });
    expect([res.status, res.body?.code]).toEqual([201, undefined]);
    return { id: res.body.id as string, token: await tokenFor(email, before) };
  }

  async function organization(fields: Record<string, unknown> = {}) {
    const slug = `org-${unique()}`;
    const res = await platform.direct(
      'organization',
      'POST',
      '/internal/organizations',
      { svc: 'admin' },
      { name: `Institute ${slug}`, slug, ...fields },
    );
    expect(res.status).toBe(201);
    return { id: res.body.id as string, slug, name: res.body.name as string };
  }

  async function staff(slug: string, role: OrgRole, inviter: Browser): Promise<Person> {
    const person = await platform.newUser();
    const { token } = await invite(inviter, slug, person.user.username, role);
    const accepted = await person.browser.call('POST', '/api/org-invitations/accept', { token });
    expect([accepted.status, accepted.body?.role]).toEqual([200, role]);
    return person;
  }

  async function registerFounder(slug: string): Promise<Person> {
    const browser = new Browser(platform.base);
    const res = await browser.call('POST', `/api/organizations/${slug}/register`, {
      username: `founder.${unique()}@example.com`,
      password: 'secret12',
    });
    expect(res.status).toBe(201);
    return { browser, user: { id: res.body.id as string, username: res.body.username as string } };
  }

  return {
    platform,
    administrator,
    organization,
    invite,
    tokenFor,
    invitationsTo,
    until,
    published,
    async publish(type, data) {
      const event = createEvent(type, data, { producer: 'venture' });
      await platform.bus().publish([event as unknown as EventEnvelope]);
      return event;
    },
    staff,
    registerFounder,
    async workspace() {
      const org = await organization();
      const orgAdmin = await staff(org.slug, 'orgAdmin', administrator);
      const program = await orgAdmin.browser.call('POST', `/api/orgs/${org.slug}/programs`, {
        name: 'Spring cohort',
        startDate: '2027-03-01',
        endDate: '2027-08-31',
        registrationOpen: true,
      });
      expect(program.status).toBe(201);
      const [programManager, mentor, founder, other] = await Promise.all([
        staff(org.slug, 'programManager', orgAdmin.browser),
        staff(org.slug, 'mentor', orgAdmin.browser),
        registerFounder(org.slug),
        organization(),
      ]);
      const otherFounder = await registerFounder(other.slug);
      return {
        ...org,
        programId: program.body.id as string,
        orgAdmin,
        programManager,
        mentor,
        founder,
        otherFounder,
      };
    },
    close: () => platform.close(),
  };
}
