import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { routeTable } from '@app/gateway';
import { whiteLabelApi, whiteLabelInternalApi } from '@app/contracts';
import {
  Browser,
  startWorkspacePlatform,
  unique,
  type Workspace,
  type WorkspacePlatform,
} from './support/workspace-platform.ts';

/*
 * Issue 19, white label: every `whiteLabelApi` route × (visitor, founder, founder of another organization,
 * mentor, program manager, org admin, platform administrator) → the expected status, through the real
 * gateway (a new route without a rule here fails the test); what each caller's brand is (nothing leaks
 * across organizations); the white-label settings (validation, the unique custom domain, the audit); and
 * the internal host lookup (never routed by the gateway, a service identity required).
 */

type Role =
  'visitor' | 'founder' | 'otherFounder' | 'mentor' | 'programManager' | 'orgAdmin' | 'platformAdmin';
const ROLES: Role[] = [
  'visitor',
  'founder',
  'otherFounder',
  'mentor',
  'programManager',
  'orgAdmin',
  'platformAdmin',
];

const SIGNED_IN: Record<Role, number> = {
  visitor: 401,
  founder: 200,
  otherFounder: 200,
  mentor: 200,
  programManager: 200,
  orgAdmin: 200,
  platformAdmin: 200,
};

const rules: Record<string, { path: () => string; expected: Record<Role, number> }> = {
  'GET /api/organizations/my-brand': { path: () => '/api/organizations/my-brand', expected: SIGNED_IN },
};

let wp: WorkspacePlatform;
let w: Workspace;

beforeAll(async () => {
  wp = await startWorkspacePlatform();
  w = await wp.workspace();
}, 90_000);

afterAll(async () => {
  await wp?.close();
});

function browserOf(role: Role): Browser {
  if (role === 'visitor') return new Browser(wp.platform.base);
  if (role === 'platformAdmin') return wp.administrator;
  return w[role].browser;
}

const routes = Object.values(whiteLabelApi);
const matrix = routes.flatMap((route) =>
  ROLES.map((role) => [`${route.method} ${route.path}`, role, route.method] as const),
);

describe('white-label access matrix (issue 19)', () => {
  it('every white-label route is routed to the organization service and has a rule here, and no rule outlives its route', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(Object.keys(rules).sort()).toEqual([...keys].sort());
    const prefixes = routeTable.filter((r) => r.service === 'organization').map((r) => r.prefix);
    expect(
      routes.filter((route) => !prefixes.some((p) => route.path === p || route.path.startsWith(`${p}/`))),
    ).toEqual([]);
  });

  it.each(matrix)(
    '%s as %s',
    async (key, role, method) => {
      const rule = rules[key]!;
      const reply = await browserOf(role).call(method, rule.path());
      const expected = rule.expected[role];
      expect([reply.status, reply.body?.code]).toEqual([
        expected,
        expected === 401 ? 'AUTH.UNAUTHENTICATED' : undefined,
      ]);
    },
    30_000,
  );

  it('the internal host lookup is never reached through the gateway, and needs a service identity', async () => {
    const path = `/internal/organizations/by-host/unknown-${unique()}.example`;
    for (const role of ROLES) {
      const browser = browserOf(role);
      const res = await fetch(`${wp.platform.base}${path}`, {
        headers: { accept: 'application/json', ...(browser.cookie ? { cookie: browser.cookie } : {}) },
      });
      expect([role, res.status]).toEqual([role, 404]);
      expect(JSON.stringify(await res.json())).not.toContain('ORGANIZATION.NOT_FOUND');
    }
    const asUser = await wp.platform.direct('organization', 'GET', path, { user: w.founder.user.id });
    expect(asUser.status).toBe(403);
    const asService = await wp.platform.direct('organization', 'GET', path, { svc: 'gateway' });
    expect([asService.status, asService.body.code]).toEqual([404, 'ORGANIZATION.NOT_FOUND']);
    expect(whiteLabelInternalApi.byHost.path.startsWith('/internal/')).toBe(true);
  });
});

describe("a member's brand (issue 19)", () => {
  it("when members ask, then each gets their own organization's brand; a non-member gets none", async () => {
    const renamed = await w.orgAdmin.browser.call('PATCH', `/api/orgs/${w.slug}`, {
      displayName: 'Northgate Venture Lab',
      faviconUrl: 'https://cdn.northgate.example/favicon.png',
      supportUrl: 'https://northgate.example/help',
      termsUrl: 'https://northgate.example/terms',
      privacyUrl: 'https://northgate.example/privacy',
    });
    expect(renamed.status).toBe(200);
    for (const role of ['founder', 'mentor', 'programManager', 'orgAdmin'] as const) {
      const reply = await w[role].browser.call('GET', '/api/organizations/my-brand');
      expect([role, reply.body.brand]).toEqual([
        role,
        expect.objectContaining({
          slug: w.slug,
          name: 'Northgate Venture Lab',
          faviconUrl: 'https://cdn.northgate.example/favicon.png',
          supportUrl: 'https://northgate.example/help',
          termsUrl: 'https://northgate.example/terms',
          privacyUrl: 'https://northgate.example/privacy',
        }),
      ]);
      // Only the public look: no reply-to, domain, members or plan.
      expect(Object.keys(reply.body.brand).sort()).toEqual(
        [
          'faviconUrl',
          'logoUrl',
          'name',
          'primaryColor',
          'privacyUrl',
          'secondaryColor',
          'slug',
          'supportUrl',
          'termsUrl',
        ].sort(),
      );
    }
    const other = await w.otherFounder.browser.call('GET', '/api/organizations/my-brand');
    expect(other.body.brand.slug).not.toBe(w.slug);
    expect((await wp.administrator.call('GET', '/api/organizations/my-brand')).body).toEqual({ brand: null });
    const stranger = await wp.platform.newUser();
    expect((await stranger.browser.call('GET', '/api/organizations/my-brand')).body).toEqual({ brand: null });
  }, 30_000);

  it('when a member belongs to two organizations, then the one joined most recently brands the app; an inactive one never does', async () => {
    const second = await wp.organization({ primaryColor: '#7C2D12' });
    // The founder of `w` becomes a mentor of the second organization (joined later).
    const { token } = await wp.invite(wp.administrator, second.slug, w.founder.user.username, 'mentor');
    const accepted = await w.founder.browser.call('POST', '/api/org-invitations/accept', { token });
    expect(accepted.status).toBe(200);
    const now = await w.founder.browser.call('GET', '/api/organizations/my-brand');
    expect([now.body.brand.slug, now.body.brand.primaryColor]).toEqual([second.slug, '#7C2D12']);
    const off = await wp.platform.direct(
      'organization',
      'PATCH',
      `/internal/organizations/${second.id}`,
      { svc: 'admin' },
      { isActive: false },
    );
    expect(off.status).toBe(200);
    const back = await w.founder.browser.call('GET', '/api/organizations/my-brand');
    expect(back.body.brand.slug).toBe(w.slug);
  }, 30_000);
});

describe('white-label settings (issue 19)', () => {
  it('when an org admin saves invalid values, then each field has its message and nothing changes', async () => {
    const w2 = await wp.workspace();
    const reply = await w2.orgAdmin.browser.call('PATCH', `/api/orgs/${w2.slug}`, {
      faviconUrl: 'http://insecure.example/icon.png',
      replyToEmail: 'not an address',
      supportUrl: 'javascript:alert(1)',
      customDomain: 'https://ventures.example.org/',
    });
    expect(reply.status).toBe(400);
    const messages = Object.fromEntries(
      (reply.body.validationErrors as Array<{ path: string[]; message: string }>).map((i) => [
        i.path[0],
        i.message,
      ]),
    );
    expect(messages).toEqual({
      faviconUrl: 'Favicon URL must be an https address',
      replyToEmail: 'Reply-to address must be an e-mail address',
      supportUrl: 'Support link must be an https address',
      customDomain: 'Custom domain must be a hostname like ventures.example.org (no scheme, port or path)',
    });
    const after = await w2.orgAdmin.browser.call('GET', `/api/orgs/${w2.slug}`);
    expect(after.body.organization).toMatchObject({ faviconUrl: null, customDomain: null });
  }, 30_000);

  it("when a custom domain is another organization's, then saving it is 409; the change is audited field by field", async () => {
    const a = await wp.workspace();
    const b = await wp.workspace();
    const domain = `ventures-${unique()}.example.org`;
    const first = await a.orgAdmin.browser.call('PATCH', `/api/orgs/${a.slug}`, {
      customDomain: domain.toUpperCase(),
      replyToEmail: 'Programs@Example.org',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ customDomain: domain, replyToEmail: 'programs@example.org' });
    const taken = await b.orgAdmin.browser.call('PATCH', `/api/orgs/${b.slug}`, { customDomain: domain });
    expect([taken.status, taken.body.code, taken.body.message]).toEqual([
      409,
      'ORGANIZATION.DOMAIN_TAKEN',
      'Another organization already uses this custom domain',
    ]);
    const viaAdmin = await wp.administrator.call('PATCH', `/api/admin/organizations/${b.id}`, {
      customDomain: domain,
    });
    expect([viaAdmin.status, viaAdmin.body.code]).toEqual([409, 'ORGANIZATION.DOMAIN_TAKEN']);
    // Cleared, the domain is free again.
    expect(
      (await a.orgAdmin.browser.call('PATCH', `/api/orgs/${a.slug}`, { customDomain: '' })).body.customDomain,
    ).toBeNull();
    expect(
      (await b.orgAdmin.browser.call('PATCH', `/api/orgs/${b.slug}`, { customDomain: domain })).status,
    ).toBe(200);

    const audit = await a.orgAdmin.browser.call('GET', `/api/orgs/${a.slug}/audit`);
    const settings = (audit.body.items as Array<{ action: string; details: Record<string, unknown> }>).filter(
      (entry) => entry.action === 'settings.updated',
    );
    expect(settings.map((entry) => entry.details)).toEqual([
      { customDomain: { from: domain, to: null } },
      {
        customDomain: { from: null, to: domain },
        replyToEmail: { from: null, to: 'programs@example.org' },
      },
    ]);
  }, 30_000);

  it("when the platform administrator changes the white label from /admin, then the organization's audit log records it field by field", async () => {
    const a = await wp.workspace();
    const changed = await wp.administrator.call('PATCH', `/api/admin/organizations/${a.id}`, {
      displayName: 'Northgate Venture Lab',
      termsUrl: 'https://northgate.example/terms',
    });
    expect(changed.status).toBe(200);
    const audit = await a.orgAdmin.browser.call('GET', `/api/orgs/${a.slug}/audit`);
    const [entry] = audit.body.items as Array<{
      action: string;
      actor: { displayName: string };
      details: Record<string, unknown>;
    }>;
    expect(entry).toMatchObject({
      action: 'settings.updated',
      actor: { displayName: 'Platform administrator' },
      details: {
        displayName: { from: null, to: 'Northgate Venture Lab' },
        termsUrl: { from: null, to: 'https://northgate.example/terms' },
      },
    });
  }, 30_000);
});
