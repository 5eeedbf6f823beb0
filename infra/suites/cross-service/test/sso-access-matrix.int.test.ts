import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { routeTable } from '@app/gateway';
import { ssoApi, ssoInternalApi, ssoSettingsApi } from '@app/contracts';
import {
  Browser,
  startWorkspacePlatform,
  unique,
  type Workspace,
  type WorkspacePlatform,
} from './support/workspace-platform.ts';

/*
 * Issue 19: every SSO route × (visitor, founder, founder of another organization, mentor, program manager,
 * org admin, platform administrator) → the expected status and code, through the real gateway. The routes
 * come from the contracts (`ssoSettingsApi`, `ssoApi`): a new one without a rule here fails the test. The
 * internal routes answer only signed service calls. The callback (a browser redirect) is fuzzed here too:
 * whatever the query, a redirect to the error page and no session, never a 5xx.
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

interface Cell {
  path: string;
  body?: unknown;
  /** A form post (the SAML ACS), sent as a browser sends an identity provider's form: cross-site. */
  form?: Record<string, string>;
}
interface Rule {
  prepare(w: Workspace): Promise<Cell>;
  expected: Record<Role, number>;
  /** The code of the expected error answers, where it is not the workspace's usual one. */
  code?: string;
}

let wp: WorkspacePlatform;

beforeAll(async () => {
  wp = await startWorkspacePlatform();
}, 60_000);

afterAll(async () => {
  await wp?.close();
});

/** Org admins and the platform administrator; everyone else is outside (404) or too low (403). */
const ADMINS = {
  visitor: 401,
  founder: 404,
  otherFounder: 404,
  mentor: 403,
  programManager: 403,
  orgAdmin: 200,
  platformAdmin: 200,
};
const EVERYONE = (status: number) =>
  Object.fromEntries(ROLES.map((role) => [role, status])) as Record<Role, number>;

const connection = () => ({
  protocol: 'oidc',
  enabled: true,
  enforced: false,
  // Never contacted by these calls (saving does not run discovery).
  issuer: 'https://login.example.test/tenant/v2.0',
  clientId: 'matrix-client',
  clientSecret: 'matrix-client-secret',
  domains: [`${unique()}.example.test`],
  defaultRole: 'founder',
});

async function withConnection(w: Workspace): Promise<void> {
  const saved = await wp.administrator.call('PUT', `/api/orgs/${w.slug}/sso`, connection());
  expect(saved.status).toBe(200);
}

const rules: Record<string, Rule> = {
  'GET /api/orgs/:slug/sso': {
    prepare: async (w) => {
      await withConnection(w);
      return { path: `/api/orgs/${w.slug}/sso` };
    },
    expected: ADMINS,
  },
  'PUT /api/orgs/:slug/sso': {
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/sso`, body: connection() }),
    expected: ADMINS,
  },
  'DELETE /api/orgs/:slug/sso': {
    prepare: async (w) => {
      await withConnection(w);
      return { path: `/api/orgs/${w.slug}/sso` };
    },
    expected: ADMINS,
  },
  'POST /api/orgs/:slug/sso/test': {
    // Plain http is refused outside SSO_ALLOW_HTTP_ISSUERS: the answer reports it (200, ok false).
    prepare: async (w) => ({ path: `/api/orgs/${w.slug}/sso/test`, body: { issuer: 'http://127.0.0.1:9' } }),
    expected: ADMINS,
  },
  'POST /api/sso/start': {
    // Open to anyone; an address whose domain has no connection is told so.
    prepare: async () => ({ path: '/api/sso/start', body: { email: `someone@${unique()}.example.test` } }),
    expected: EVERYONE(404),
    code: 'SSO.NOT_CONFIGURED',
  },
  'GET /api/sso/callback': {
    // No sign-in in progress in this browser: the error page, whoever calls.
    prepare: async () => ({ path: '/api/sso/callback?code=abc&state=def' }),
    expected: EVERYONE(302),
  },
  'POST /api/sso/saml/acs': {
    // The IdP's cross-site form post, let through the anti-forgery check; naming no waiting sign-in it
    // goes to the error page (303), whoever posts, and opens no session.
    prepare: async () => ({
      path: '/api/sso/saml/acs',
      form: { SAMLResponse: Buffer.from('<samlp:Response/>').toString('base64'), RelayState: unique() },
    }),
    expected: EVERYONE(303),
  },
  'GET /api/sso/saml/complete': {
    // No SAML sign-in in progress in this browser: the error page, whoever calls.
    prepare: async () => ({ path: '/api/sso/saml/complete' }),
    expected: EVERYONE(302),
  },
};

const routes = [...Object.values(ssoSettingsApi), ...Object.values(ssoApi)];
const matrix = routes.flatMap((route) =>
  ROLES.map((role) => [`${route.method} ${route.path}`, role, route.method] as const),
);

function browserOf(w: Workspace, role: Role): Browser {
  switch (role) {
    case 'visitor':
      return new Browser(wp.platform.base);
    case 'platformAdmin':
      return wp.administrator;
    default:
      return w[role].browser;
  }
}

/** A call that does not follow redirects (the callback answers one); a form is posted cross-site. */
async function callNoFollow(browser: Browser, method: string, path: string, form?: Record<string, string>) {
  const res = await fetch(browser.base + path, {
    method,
    redirect: 'manual',
    headers: {
      ...(browser.cookie ? { cookie: browser.cookie } : {}),
      ...(form
        ? {
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://idp.example.test',
            'sec-fetch-site': 'cross-site',
          }
        : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie: res.headers.get('set-cookie'),
    text: await res.text(),
  };
}

describe('SSO access matrix (issue 19)', () => {
  it('every SSO route is routed to its service and has a rule here, and no rule outlives its route', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => !rules[key])).toEqual([]);
    expect(Object.keys(rules).sort()).toEqual([...keys].sort());
    const served = (service: string, path: string) =>
      routeTable
        .filter((r) => r.service === service)
        .some((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
    expect(Object.values(ssoSettingsApi).filter((route) => !served('organization', route.path))).toEqual([]);
    expect(Object.values(ssoApi).filter((route) => !served('auth', route.path))).toEqual([]);
  });

  it.each(matrix)(
    '%s as %s',
    async (key, role, method) => {
      const rule = rules[key]!;
      const w = await wp.workspace();
      const { path, body, form } = await rule.prepare(w);
      const browser = browserOf(w, role);
      const expected = rule.expected[role];
      if (expected === 302 || expected === 303) {
        const reply = await callNoFollow(browser, method, path, form);
        expect([reply.status, reply.location]).toEqual([expected, '/auth/sso-error?reason=state']);
        expect(reply.setCookie).toBeNull();
        // The caller's session, if any, is untouched; a visitor is still signed out.
        const me = await browser.call('GET', '/api/user');
        expect(me.status).toBe(role === 'visitor' ? 401 : 200);
        return;
      }
      const reply = await browser.call(method, path, body);
      const code: Record<number, string> = {
        401: 'AUTH.UNAUTHENTICATED',
        403: 'ORGANIZATION.FORBIDDEN',
        404: rule.code ?? 'ORGANIZATION.NOT_FOUND',
      };
      expect([reply.status, reply.body?.code]).toEqual([expected, code[expected]]);
      if (expected >= 400) expect(typeof reply.body.message).toBe('string');
      if (expected === 200) expect(JSON.stringify(reply.body)).not.toContain('matrix-client-secret');
    },
    30_000,
  );

  it('the internal SSO routes answer only calls signed by a service; the gateway does not route them', async () => {
    const w = await wp.workspace();
    await withConnection(w);
    const org = await wp.platform.direct('organization', 'GET', `/internal/organizations/${w.id}`, {
      svc: 'admin',
    });
    expect(org.status).toBe(200);
    for (const route of Object.values(ssoInternalApi)) {
      const path = route.path.replace(':organizationId', w.id);
      const asUser = await wp.platform.direct('organization', route.method, path, {
        user: w.orgAdmin.user.id,
      });
      expect([path, asUser.status, asUser.body.code]).toEqual([path, 403, 'AUTH.INTERNAL_ONLY']);
      // Not routed by the gateway at all (and what it answers there carries no secret).
      expect(routeTable.filter((r) => path === r.prefix || path.startsWith(`${r.prefix}/`))).toEqual([]);
      const outside = await new Browser(wp.platform.base).call(route.method, path);
      expect(outside.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(outside.body)).not.toContain('matrix-client-secret');
    }
  });

  it('the callback, fuzzed (seeded, bounded): any query ends on the error page with no session, never a 5xx', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', '$ne', '{"$gt":""}', '%00', 'x'.repeat(2000), 'access_denied'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('code', 'state', 'iss', 'error', 'session_state', 'x'), text),
        async (query) => {
          const visitor = new Browser(wp.platform.base);
          const search = new URLSearchParams(query).toString();
          const reply = await callNoFollow(visitor, 'GET', `/api/sso/callback?${search}`);
          expect(reply.status).toBe(302);
          expect(reply.location).toMatch(/^\/auth\/sso-error\?reason=(state|provider|expired)$/);
          expect(reply.text).not.toMatch(/\bat .+\.(ts|js):\d+|MongoServerError|CastError/);
          // No session, not even a visitor's.
          expect(reply.setCookie).toBeNull();
        },
      ),
      { seed: 20_261_127, numRuns: Number(process.env.FUZZ_RUNS ?? 100), endOnFailure: true },
    );
  }, 120_000);

  it('the SAML ACS, fuzzed (seeded, bounded): any form or body ends on the error page or a 4xx, never a 5xx, never a session', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.base64String({ maxLength: 400 }),
      fc.constantFrom(
        '',
        '$ne',
        '{"$gt":""}',
        '%00',
        'x'.repeat(5000),
        Buffer.from('<samlp:Response ID="_1"><saml:Assertion/></samlp:Response>').toString('base64'),
        Buffer.from('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>').toString('base64'),
      ),
    );
    const contentType = fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('SAMLResponse', 'RelayState', 'SAMLResponse[]', 'x'), text),
        contentType,
        async (fields, type) => {
          const body = type.startsWith('application/json')
            ? JSON.stringify(fields)
            : new URLSearchParams(fields).toString();
          const res = await fetch(`${wp.platform.base}/api/sso/saml/acs`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              'content-type': type,
              'sec-fetch-site': 'cross-site',
              origin: 'https://idp.example.test',
            },
            body,
          });
          const answer = await res.text();
          expect(res.status).toBeLessThan(500);
          if (res.status === 303)
            expect(res.headers.get('location')).toMatch(/^\/auth\/sso-error\?reason=(state|token)$/);
          else expect(res.status).toBeGreaterThanOrEqual(400);
          expect(answer).not.toMatch(/\bat .+\.(ts|js):\d+|MongoServerError|CastError/);
          expect(res.headers.get('set-cookie')).toBeNull();
        },
      ),
      { seed: 20_261_127, numRuns: Number(process.env.FUZZ_RUNS ?? 100), endOnFailure: true },
    );
  }, 120_000);
});
