import { describe, expect, it } from '@jest/globals';
import type { Organization, PageRequest, User } from '@app/contracts';
import type { Platform } from '../src/clients/platform.ts';
import { listOrganizationRows } from '../src/domain/list-organization-rows.ts';
import { listUserRows } from '../src/domain/list-user-rows.ts';

/*
 * Issue 18: a page of the dashboard's users or organizations is the owning service's page, with what another
 * service owns added once for the whole page (organization names, user counts).
 */

const ORG_A = 'a'.repeat(24);
const ORG_B = 'b'.repeat(24);
const GONE = 'c'.repeat(24);

function user(id: string, organizationId: string | null): User {
  return {
    id,
    username: `${id}@example.com`,
    isAdmin: false,
    isActive: true,
    firstName: null,
    lastName: null,
    jobTitle: null,
    department: null,
    phoneNumber: null,
    organizationId,
    createdAt: '2026-01-02T03:04:05.000Z',
  };
}

function organization(id: string, name: string): Organization {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    logoUrl: null,
    primaryColor: '#0F172A',
    secondaryColor: '#3B82F6',
    description: null,
    isActive: true,
    plan: 'free',
    displayName: null,
    faviconUrl: null,
    replyToEmail: null,
    supportUrl: null,
    termsUrl: null,
    privacyUrl: null,
    customDomain: null,
    createdAt: '2026-01-02T03:04:05.000Z',
  };
}

/** The platform with only the calls a list makes; each call is recorded with its arguments. */
function fakePlatform(parts: {
  users?: User[];
  organizations?: Organization[];
  names?: Record<string, string>;
  counts?: Record<string, number>;
}) {
  const calls: Array<[string, unknown]> = [];
  const platform = {
    auth: {
      async listUsers(page: PageRequest) {
        calls.push(['auth.listUsers', page]);
        return { items: parts.users ?? [], nextCursor: 'next-users' };
      },
      async organizationUserCounts(ids: readonly string[]) {
        calls.push(['auth.organizationUserCounts', ids]);
        return Object.fromEntries(Object.entries(parts.counts ?? {}).filter(([id]) => ids.includes(id)));
      },
    },
    organization: {
      async list(page: PageRequest) {
        calls.push(['organization.list', page]);
        return { items: parts.organizations ?? [], nextCursor: null };
      },
      async names(ids: readonly string[]) {
        calls.push(['organization.names', ids]);
        return new Map(Object.entries(parts.names ?? {}).filter(([id]) => ids.includes(id)));
      },
    },
  } as unknown as Platform;
  return { platform, calls };
}

const page: PageRequest = { limit: 50, cursor: 'abc', q: 'ada' };

describe('the users page', () => {
  it('names each user’s organization, asking the organization service once for the page’s distinct ids', async () => {
    const { platform, calls } = fakePlatform({
      users: [user('u1', ORG_A), user('u2', ORG_B), user('u3', ORG_A), user('u4', null)],
      names: { [ORG_A]: 'Harbor Labs', [ORG_B]: 'Summit Ventures' },
    });
    const answer = await listUserRows(platform, page);
    expect(answer.items.map((row) => [row.id, row.organizationName])).toEqual([
      ['u1', 'Harbor Labs'],
      ['u2', 'Summit Ventures'],
      ['u3', 'Harbor Labs'],
      ['u4', null],
    ]);
    expect(answer.nextCursor).toBe('next-users');
    expect(calls).toEqual([
      ['auth.listUsers', page],
      ['organization.names', [ORG_A, ORG_B]],
    ]);
  });

  it('a user whose organization no longer exists keeps its id and shows no name', async () => {
    const { platform } = fakePlatform({ users: [user('u1', GONE)], names: {} });
    const [row] = (await listUserRows(platform, page)).items;
    expect([row?.organizationId, row?.organizationName]).toEqual([GONE, null]);
  });
});

describe('the organizations page', () => {
  it('adds auth’s user count to each organization (0 when auth counts none), in one call for the page', async () => {
    const { platform, calls } = fakePlatform({
      organizations: [organization(ORG_A, 'Harbor Labs'), organization(ORG_B, 'Summit Ventures')],
      counts: { [ORG_A]: 2, [GONE]: 9 },
    });
    const answer = await listOrganizationRows(platform, page);
    expect(answer).toEqual({
      items: [
        { ...organization(ORG_A, 'Harbor Labs'), userCount: 2 },
        { ...organization(ORG_B, 'Summit Ventures'), userCount: 0 },
      ],
      nextCursor: null,
    });
    expect(calls).toEqual([
      ['organization.list', page],
      ['auth.organizationUserCounts', [ORG_A, ORG_B]],
    ]);
  });
});
