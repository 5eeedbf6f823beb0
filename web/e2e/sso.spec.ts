import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { SSO_ERROR_MESSAGES, SSO_REQUIRED_MESSAGE } from '@app/contracts';
import {
  readAuthnRequest,
  startSamlTestIdp,
  startTestIdp,
  type SamlTestIdp,
  type TestIdp,
} from '@app/sso-test-idp';
import { blockingViolations } from './support/axe';
import { OWN_ADMIN, startOwnPlatform, type OwnPlatform } from './support/own-platform';

/*
 * Issue 19, "What it must show", with a real OpenID provider (oidc-provider, `@app/sso-test-idp`) on a free
 * 127.0.0.1 port: the org admin enters issuer, client id and secret, tests the connection and saves; alice
 * types her address on /auth, signs in at the provider's form and comes back signed in as a member; a second
 * sign-in makes no second user; with SSO enforced her password sign-in is refused with the SSO message; a
 * tampered state, a replayed code and a token for another audience each end on the error page with no
 * session; sign-out offers the provider's end-session URL; axe on every new screen.
 *
 * SAML 2.0: the org admin chooses SAML, sees the SP entity id and ACS URL, pastes the IdP metadata, tests it
 * (a broken paste is reported) and saves; a member continues with SSO, and the identity provider (a page
 * served in place of its SSO URL, answering with a response signed by xml-crypto) form-posts to the ACS
 * cross-site, as real IdPs do: the member comes back signed in; axe on the SAML settings.
 *
 * Its own platform: the provider is plain http on loopback, which only SSO_ALLOW_HTTP_ISSUERS lets the
 * services reach (never in production).
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const CLIENT_ID = 'northgate-portal';
const CLIENT_SECRET = 'northgate-e2e-client-secret-5Kp2';
const ALICE = { email: 'alice@northgate.test', password: 'alice-idp-password' };

let platform: OwnPlatform;
let idp: TestIdp;
let admin: APIRequestContext;
let slug: string;

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: platform.baseURL });
  return { context, page: await context.newPage() };
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

async function expectSignedInAs(page: Page, username: string) {
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await expect(trigger).toBeVisible();
  await trigger.click();
  await expect(page.getByRole('menu')).toContainText(username);
  await page.keyboard.press('Escape');
}

/** /auth → "Continue with SSO" → the work e-mail → the provider's login form. Answers the flow's state. */
async function continueWithSso(page: Page, email: string): Promise<string> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Continue with SSO' })).toBeVisible();
  await page.getByLabel('Work email').fill(email);
  // The answer is read on its way to the page (which leaves for the provider at once).
  let redirectUrl = '';
  await page.route('**/api/sso/start', async (route) => {
    const response = await route.fetch();
    redirectUrl = ((await response.json()) as { redirectUrl: string }).redirectUrl;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  return new URL(redirectUrl).searchParams.get('state')!;
}

async function signInAtProvider(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in at the provider, but holds its redirect back to the platform: the provider's redirects are
 * followed with the browser's own cookies (page.request shares them) up to the platform's callback, whose
 * URL (code and state) is answered instead of being visited.
 */
async function signInHoldingCallback(page: Page, email: string, password: string): Promise<URL> {
  let held: URL | null = null;
  const loginPost = (url: URL) => url.origin === idp.issuer && url.pathname.endsWith('/login');
  await page.route(loginPost, async (route) => {
    let response = await route.fetch({ maxRedirects: 0 });
    let location = response.headers()['location'];
    for (let hop = 0; location && !location.startsWith(`${platform.baseURL}/api/sso/callback`); hop += 1) {
      if (hop > 10) throw new Error('too many redirects at the provider');
      response = await page.request.get(new URL(location, idp.issuer).toString(), { maxRedirects: 0 });
      location = response.headers()['location'];
    }
    held = new URL(location!);
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Held</title><main><h1>Held</h1></main></html>',
    });
  });
  await signInAtProvider(page, email, password);
  await expect.poll(() => held !== null).toBe(true);
  await page.unroute(loginPost);
  return held!;
}

async function expectRefused(page: Page, reason: keyof typeof SSO_ERROR_MESSAGES) {
  await expect(page).toHaveURL(`${platform.baseURL}/auth/sso-error?reason=${reason}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(SSO_ERROR_MESSAGES[reason]);
  expect((await page.request.get('/api/user')).status()).toBe(401);
}

test.beforeAll(async () => {
  platform = await startOwnPlatform({ SSO_ALLOW_HTTP_ISSUERS: 'true' });
  idp = await startTestIdp({
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${platform.baseURL}/api/sso/callback`],
        postLogoutRedirectUris: [`${platform.baseURL}/auth`],
      },
    ],
  });
  admin = await playwrightRequest.newContext({ baseURL: platform.baseURL, extraHTTPHeaders: CSRF });
  expect(
    (
      await admin.post('/api/login', { data: { username: OWN_ADMIN.email, password: OWN_ADMIN.password } })
    ).status(),
  ).toBe(200);
  slug = `northgate-${Date.now().toString(36)}`;
  const created = await admin.post('/api/admin/organizations', {
    data: { name: 'Northgate University', slug },
  });
  expect(created.status(), await created.text()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
  await idp?.close();
  await platform?.stop();
});

test('the org admin enters issuer, client id and secret, tests the connection and saves it', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(OWN_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(OWN_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();

  await page.goto(`/orgs/${slug}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await expect(section).toContainText(`${platform.baseURL}/api/sso/callback`);
  await section.getByLabel('Issuer URL').fill(idp.issuer);
  await section.getByLabel('Client ID').fill(CLIENT_ID);
  await section.getByLabel('Client secret').fill(CLIENT_SECRET);
  await section.getByLabel('Allowed email domains').fill('northgate.test');

  await section.getByRole('button', { name: 'Test connection' }).click();
  const found = section.getByRole('status');
  await expect(found).toContainText('Connection works');
  await expect(found).toContainText(`${idp.issuer}/auth`);
  await expect(found).toContainText(`${idp.issuer}/session/end`);
  expect(await blockingViolations(page)).toEqual([]);

  await section.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(toast(page, 'Single sign-on saved')).toBeVisible();
  await expect(section.getByText('A secret is stored')).toBeVisible();
  // Write-only: the secret is in no answer, and the field is empty again.
  await expect(section.getByLabel('Client secret')).toHaveValue('');
  const answer = await page.request.get(`/api/orgs/${slug}/sso`);
  expect(await answer.text()).not.toContain(CLIENT_SECRET);
  await context.close();
});

let aliceId: string;

test('alice continues with SSO, signs in at the provider and returns signed in as a member', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await continueWithSso(page, ALICE.email);
  await signInAtProvider(page, ALICE.email, ALICE.password);
  await expect(page).toHaveURL(new RegExp(`^${platform.baseURL}/`));
  await expectSignedInAs(page, ALICE.email);
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(200);
  aliceId = ((await me.json()) as { id: string }).id;

  const members = (await (await admin.get(`/api/orgs/${slug}/members`)).json()) as Array<{
    userId: string;
    role: string;
  }>;
  expect(members).toEqual(
    expect.arrayContaining([expect.objectContaining({ userId: aliceId, role: 'founder' })]),
  );
  await context.close();
});

test('a second SSO sign-in finds the same user and creates no other', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await continueWithSso(page, ALICE.email);
  await signInAtProvider(page, ALICE.email, ALICE.password);
  await expectSignedInAs(page, ALICE.email);
  expect(((await (await page.request.get('/api/user')).json()) as { id: string }).id).toBe(aliceId);
  const users = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(ALICE.email)}`)).json()) as {
    items: unknown[];
  };
  expect(users.items).toHaveLength(1);
  await context.close();
});

test('the SSO screens pass axe: /auth with the SSO form open', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(page.getByLabel('Work email')).toBeFocused();
  expect(await blockingViolations(page)).toEqual([]);
  // An address without single sign-on is told so in place.
  await page.getByLabel('Work email').fill('someone@nowhere.test');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Single sign-on is not set up for this email domain.');
  await context.close();
});

test('a tampered state ends on the error page with no session', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await continueWithSso(page, ALICE.email);
  const callback = await signInHoldingCallback(page, ALICE.email, ALICE.password);
  const tampered = new URL(callback);
  tampered.searchParams.set('state', `${tampered.searchParams.get('state')}-tampered`);
  await page.goto(`${tampered.pathname}${tampered.search}`);
  await expectRefused(page, 'state');
  expect(await blockingViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(`${platform.baseURL}/auth`);
  await context.close();
});

test('a replayed code ends on the error page with no session', async ({ browser }) => {
  // A sign-in that went through: its callback URL (code and state) is kept.
  const first = await newPage(browser);
  await continueWithSso(first.page, ALICE.email);
  const used = await signInHoldingCallback(first.page, ALICE.email, ALICE.password);
  await first.page.goto(`${used.pathname}${used.search}`);
  await expectSignedInAs(first.page, ALICE.email);
  await first.context.close();

  // Another browser starts its own flow and presents the used code with its own state.
  const { context, page } = await newPage(browser);
  const state = await continueWithSso(page, ALICE.email);
  used.searchParams.set('state', state);
  await page.goto(`${used.pathname}${used.search}`);
  await expectRefused(page, 'token');
  await context.close();
});

test('an ID token for another audience ends on the error page with no session', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await continueWithSso(page, ALICE.email);
  idp.misbehaveOnce({ aud: 'another-application' });
  await signInAtProvider(page, ALICE.email, ALICE.password);
  await expectRefused(page, 'token');
  await context.close();
});

test('with SSO enforced, a password sign-in for @northgate.test is refused with the SSO message', async ({
  browser,
}) => {
  const current = (await (await admin.get(`/api/orgs/${slug}/sso`)).json()) as {
    connection: { issuer: string; clientId: string; domains: string[]; defaultRole: string };
  };
  const enforced = await admin.put(`/api/orgs/${slug}/sso`, {
    data: {
      protocol: 'oidc',
      enabled: true,
      enforced: true,
      issuer: current.connection.issuer,
      clientId: current.connection.clientId,
      domains: current.connection.domains,
      defaultRole: current.connection.defaultRole,
    },
  });
  expect(enforced.status(), await enforced.text()).toBe(200);

  const { context, page } = await newPage(browser);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(ALICE.email);
  await page.getByLabel('Password', { exact: true }).fill('any-password-at-all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login failed')).toContainText(SSO_REQUIRED_MESSAGE);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await context.close();
});

test("signing out after an SSO sign-in offers the provider's sign-out", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await continueWithSso(page, ALICE.email);
  await signInAtProvider(page, ALICE.email, ALICE.password);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${platform.baseURL}/auth`);
  const offer = page.getByRole('link', { name: 'Also sign out of your organization account' });
  await expect(offer).toHaveAttribute('href', new RegExp(`^${idp.issuer}/session/end\\?`));
  expect(await blockingViolations(page)).toEqual([]);
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await context.close();
});

const SAML_DOMAIN = 'saml-east.test';
let saml: SamlTestIdp;
let samlSlug: string;

test('SAML: the org admin chooses SAML, pastes the IdP metadata, tests it and saves it', async ({
  browser,
}) => {
  saml = await startSamlTestIdp('https://idp.saml-east.test/metadata');
  samlSlug = `saml-east-${Date.now().toString(36)}`;
  const created = await admin.post('/api/admin/organizations', {
    data: { name: 'Saml East College', slug: samlSlug },
  });
  expect(created.status(), await created.text()).toBe(201);

  const { context, page } = await newPage(browser);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(OWN_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(OWN_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await page.goto(`/orgs/${samlSlug}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Single sign-on' });
  // A button-style radio group: the label is what takes the click.
  await section.getByText('SAML 2.0', { exact: true }).click();
  await expect(section.getByRole('radio', { name: 'SAML 2.0' })).toBeChecked();
  await expect(section).toContainText(`${platform.baseURL}/api/sso/saml`);
  await expect(section).toContainText(`${platform.baseURL}/api/sso/saml/acs`);
  await expect(section.getByLabel('Issuer URL')).toHaveCount(0);

  await section.getByRole('textbox', { name: 'Metadata XML' }).fill('<md:EntityDescriptor');
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByRole('alert')).toContainText('The metadata is not well-formed XML.');

  await section.getByRole('textbox', { name: 'Metadata XML' }).fill(saml.metadata());
  await section.getByLabel('Allowed email domains').fill(SAML_DOMAIN);
  await section.getByRole('button', { name: 'Test connection' }).click();
  const found = section.getByRole('status');
  await expect(found).toContainText('Metadata works');
  await expect(found).toContainText('https://idp.saml-east.test/metadata');
  await expect(found).toContainText(saml.ssoUrl);
  await expect(found).toContainText('CN=Northgate Test IdP');
  expect(await blockingViolations(page)).toEqual([]);

  await section.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(toast(page, 'Single sign-on saved')).toBeVisible();
  await expect(section.getByText('Saved identity provider', { exact: true })).toBeVisible();
  await expect(section.getByText('CN=Northgate Test IdP', { exact: false }).first()).toBeVisible();
  await context.close();
});

test("SAML: a member continues with SSO, the identity provider's form post signs them in", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  const email = `dana@${SAML_DOMAIN}`;
  // The identity provider: its SSO URL answers a page that form-posts a signed response to the ACS, as an
  // IdP's page does after its own sign-in (a cross-site POST: the session cookie does not go with it).
  await page.route(`${saml.ssoUrl}?**`, async (route) => {
    const request = readAuthnRequest(route.request().url());
    const response = saml.response({
      inResponseTo: request.id,
      audience: `${platform.baseURL}/api/sso/saml`,
      acsUrl: `${platform.baseURL}/api/sso/saml/acs`,
      nameId: 'dana-persistent-1',
      email,
      givenName: 'Dana',
      familyName: 'East',
    });
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Test SAML IdP</title><main><h1>Test SAML IdP</h1>
        <form method="post" action="${platform.baseURL}/api/sso/saml/acs">
        <input type="hidden" name="SAMLResponse" value="${response}">
        <input type="hidden" name="RelayState" value="${request.relayState}">
        <button type="submit">Continue to the platform</button></form></main></html>`,
    });
  });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Test SAML IdP' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to the platform' }).click();
  await expect(page).toHaveURL(`${platform.baseURL}/`);
  await expectSignedInAs(page, email);
  const me = await page.request.get('/api/user');
  expect(await me.json()).toMatchObject({ username: email, firstName: 'Dana', lastName: 'East' });
  await context.close();
});
