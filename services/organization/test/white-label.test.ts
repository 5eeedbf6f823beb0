import { describe, expect, it } from '@jest/globals';
import type { AppError } from '@app/common';
import { HOSTNAME_PATTERN, updateOrganizationBody, workspaceSettingsBody } from '@app/contracts';
import type { OrganizationContext, OrganizationRecord } from '../src/domain/organization.ts';
import { getMyBrand, organizationByHost, whiteLabelOf } from '../src/domain/white-label.ts';

/* Issue 19, white label: which organization brands a member, the host lookup, and the field rules. */

function org(id: string, fields: Partial<OrganizationRecord> = {}): OrganizationRecord {
  return {
    id,
    name: `Org ${id}`,
    slug: `org-${id}`,
    logoUrl: null,
    primaryColor: '#0F172A',
    secondaryColor: '#3B82F6',
    description: null,
    isActive: true,
    plan: 'free',
    ...whiteLabelOf({}),
    members: [],
    invitations: [],
    programs: [],
    invitationSends: [],
    sso: null,
    revision: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...fields,
  };
}

const member = (userId: string, joinedAt: string) => ({
  userId,
  email: `${userId}@example.test`,
  displayName: userId,
  role: 'founder' as const,
  joinedAt: new Date(joinedAt),
});

function ctxWith(orgs: OrganizationRecord[]): OrganizationContext {
  return {
    organizations: {
      listByMember: async (userId: string) => orgs.filter((o) => o.members.some((m) => m.userId === userId)),
      findByCustomDomain: async (host: string) => orgs.find((o) => o.customDomain === host) ?? null,
    },
  } as unknown as OrganizationContext;
}

describe("a member's brand", () => {
  it('when a user belongs to several organizations, then the active one joined most recently brands them', async () => {
    const older = org('a', { members: [member('u1', '2026-01-01')], displayName: 'Alpha Lab' });
    const newer = org('b', { members: [member('u1', '2026-03-01')], primaryColor: '#7C2D12' });
    const newestInactive = org('c', { members: [member('u1', '2026-05-01')], isActive: false });
    const { brand } = await getMyBrand(ctxWith([older, newer, newestInactive]), 'u1');
    expect(brand).toMatchObject({ slug: 'org-b', name: 'Org b', primaryColor: '#7C2D12' });
    expect((await getMyBrand(ctxWith([older]), 'u1')).brand?.name).toBe('Alpha Lab');
  });

  it('when a user belongs to no active organization, then there is no brand', async () => {
    expect(await getMyBrand(ctxWith([org('a', { members: [member('u2', '2026-01-01')] })]), 'u1')).toEqual({
      brand: null,
    });
  });
});

describe('the custom domain lookup', () => {
  it("when the host is an active organization's domain, then its slug and display name; otherwise 404", async () => {
    const ctx = ctxWith([
      org('a', { customDomain: 'ventures.alpha.example', displayName: 'Alpha Lab' }),
      org('b', { customDomain: 'ventures.beta.example', isActive: false }),
    ]);
    expect(await organizationByHost(ctx, 'ventures.alpha.example')).toEqual({
      slug: 'org-a',
      name: 'Alpha Lab',
    });
    for (const host of ['ventures.beta.example', 'unknown.example']) {
      await expect(organizationByHost(ctx, host)).rejects.toMatchObject({
        status: 404,
        code: 'ORGANIZATION.NOT_FOUND',
      } satisfies Partial<AppError>);
    }
  });
});

describe('white-label field rules', () => {
  it('accepts https links, an address and a hostname; empty text clears', () => {
    const parsed = workspaceSettingsBody.parse({
      displayName: '  Northgate Venture Lab ',
      faviconUrl: 'https://cdn.example/icon.png',
      replyToEmail: 'Programs@Northgate.Example',
      customDomain: 'Ventures.Northgate.Example',
      termsUrl: '',
    });
    expect(parsed).toEqual({
      displayName: 'Northgate Venture Lab',
      faviconUrl: 'https://cdn.example/icon.png',
      replyToEmail: 'programs@northgate.example',
      customDomain: 'ventures.northgate.example',
      termsUrl: null,
    });
    expect(updateOrganizationBody.parse({ customDomain: null })).toEqual({ customDomain: null });
  });

  it('refuses hostnames with a scheme, port, path, a single label or bad hyphens', () => {
    for (const bad of [
      'https://a.example',
      'a.example:443',
      'a.example/x',
      'localhost',
      '-a.example',
      'a..example',
      'a.example.',
    ]) {
      expect([bad, HOSTNAME_PATTERN.test(bad)]).toEqual([bad, false]);
    }
    for (const good of ['a.example', 'ventures.northgate.example', 'x-1.y-2.example']) {
      expect([good, HOSTNAME_PATTERN.test(good)]).toEqual([good, true]);
    }
  });
});
