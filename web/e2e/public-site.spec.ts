import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, test, type Locator, type Page, type Route } from '@playwright/test';
import { blockingViolations } from './support/axe';

// Pages load their code on demand; a busy CI machine gets more time than the config's default.
const expect = baseExpect.configure({ timeout: 20_000 });

// The runner of playwright.config.ts has no SMTP_URL: the mailer writes every e-mail to DATA_DIR/mail.
const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The reset token of the newest password-reset e-mail to `to`, once the mailer has written it. */
async function resetTokenMailedTo(to: string): Promise<string | undefined> {
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.eml') && name.includes('-password-reset-'),
  );
  for (const name of names.sort().reverse()) {
    // Undo quoted-printable soft line breaks and the encoded '='.
    const text = (await readFile(path.join(mailDir, name), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'm').test(text)) continue;
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (match) return match[1];
  }
  return undefined;
}

function toast(page: Page, title: string) {
  return page.locator('.ant-notification-notice').filter({ hasText: title });
}

/** The form field's error text, shown under the field. */
function fieldError(page: Page, formName: string, field: string): Locator {
  return page.locator(`#${formName}_${field}_help`);
}

async function clickAndExpectPath(page: Page, link: Locator, path: RegExp) {
  await link.click();
  await expect(page).toHaveURL(path);
}

/** Answers the contact call the way the contact service does, recording the request bodies. */
async function fakeContactService(
  page: Page,
  answer: (body: Record<string, string>) => { status: number; json: unknown },
  delayMs = 0,
) {
  const bodies: Record<string, string>[] = [];
  await page.route('**/api/contact', async (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, string>;
    bodies.push(body);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const { status, json } = answer(body);
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(json) });
  });
  return bodies;
}

// Each test walks through several pages.
test.describe.configure({ timeout: 90_000 });

test.describe('header, footer and calls to action', () => {
  test('every visitor header link goes where the spec says', async ({ page }) => {
    const header = page.getByRole('banner');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.goto('/about');

    await clickAndExpectPath(page, nav.getByRole('link', { name: 'Features' }), /\/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
    // On the landing page itself the anchor link scrolls without a navigation.
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('#pricing')).toBeInViewport();
    await clickAndExpectPath(page, nav.getByRole('link', { name: 'Enterprise' }), /\/enterprise$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Empower every founder in your program');
    await clickAndExpectPath(page, nav.getByRole('link', { name: 'About' }), /\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'We help founders turn ideas into ventures',
    );
    await clickAndExpectPath(page, nav.getByRole('link', { name: 'Contact' }), /\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in touch');
    await clickAndExpectPath(page, header.getByRole('link', { name: 'Venture Roadmap' }), /\/$/);
    await clickAndExpectPath(page, nav.getByRole('link', { name: 'Sign in' }), /\/auth$/);
    await page.goto('/contact');
    await clickAndExpectPath(page, nav.getByRole('link', { name: 'Get started' }), /\/auth$/);
  });

  test('every footer link goes where the spec says, and the copyright shows the current year', async ({
    page,
  }) => {
    const footer = page.getByRole('contentinfo');
    await page.goto('/contact');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Venture Roadmap`);

    const targets: [string, RegExp][] = [
      ['Features', /\/#features$/],
      ['Pricing', /\/#pricing$/],
      ['Enterprise', /\/enterprise$/],
      ['Get started', /\/auth$/],
      ['About', /\/about$/],
      ['Contact', /\/contact$/],
    ];
    for (const [name, path] of targets) {
      await page.goto('/enterprise');
      await clickAndExpectPath(page, footer.getByRole('link', { name, exact: true }), path);
    }
    await page.goto('/about');
    await clickAndExpectPath(page, footer.getByRole('link', { name: 'Venture Roadmap' }), /\/$/);
  });

  test('the landing, about and contact calls to action lead to /auth, and the plans to /auth and /enterprise', async ({
    page,
  }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await clickAndExpectPath(page, pricing.getByRole('link', { name: 'Contact us' }), /\/enterprise$/);
    await page.goto('/');
    await clickAndExpectPath(page, pricing.getByRole('link', { name: 'Start for free' }), /\/auth$/);

    for (const path of ['/about', '/contact']) {
      await page.goto(path);
      const cta = page.locator('.marketing-cta');
      await clickAndExpectPath(page, cta.getByRole('link', { name: 'Get started for free' }), /\/auth$/);
    }
  });

  test('the mobile menu at 375 px lists every destination, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/enterprise');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    for (const href of ['/#features', '/#pricing', '/enterprise', '/about', '/contact', '/auth']) {
      await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an unknown path shows Page Not Found', async ({ page }) => {
    await page.goto('/enterprise/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('page metadata', () => {
  test('each marketing and legal page sets its title, description, canonical, Open Graph and Twitter tags', async ({
    page,
  }) => {
    for (const [path, title] of [
      ['/about', 'About us | Venture Roadmap'],
      ['/contact', 'Contact us | Venture Roadmap'],
      ['/enterprise', 'Enterprise: venture roadmaps for institutions | Venture Roadmap'],
      ['/terms', 'Terms of service | Venture Roadmap'],
      ['/privacy', 'Privacy notice | Venture Roadmap'],
      ['/cookies', 'Cookies | Venture Roadmap'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
        'content',
        new RegExp(`${path}$`),
      );
      await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    }
  });

  test('the enterprise page has keywords and a Service with a custom-price USD offer', async ({ page }) => {
    await page.goto('/enterprise');
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /incubator/);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@type': string; offers: { priceCurrency: string; priceSpecification: { description: string } } };
    expect(jsonLd['@type']).toBe('Service');
    expect(jsonLd.offers.priceCurrency).toBe('USD');
    expect(jsonLd.offers.priceSpecification.description).toBe('Custom price');
  });

  test('the password recovery pages are kept out of search indexes', async ({ page }) => {
    for (const path of ['/forgot-password', '/reset-password']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
  });
});

test.describe('contact form', () => {
  test('when the form is sent empty or with short values, then each field shows its message and nothing is sent', async ({
    page,
  }) => {
    let calls = 0;
    await page.route('**/api/contact', (route) => {
      calls += 1;
      return route.abort();
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(fieldError(page, 'contact', 'name')).toHaveText('Name must be at least 2 characters');
    await expect(fieldError(page, 'contact', 'email')).toHaveText('Please enter a valid email address');
    await expect(fieldError(page, 'contact', 'subject')).toHaveText('Subject must be at least 5 characters');
    await expect(fieldError(page, 'contact', 'message')).toHaveText('Message must be at least 10 characters');

    await page.getByLabel('Name').fill('A');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Subject').fill('Hey');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(fieldError(page, 'contact', 'name')).toHaveText('Name must be at least 2 characters');
    await expect(fieldError(page, 'contact', 'email')).toHaveText('Please enter a valid email address');
    await expect(fieldError(page, 'contact', 'message')).toHaveText('Message must be at least 10 characters');
    expect(calls).toBe(0);
  });

  test('when the server rejects fields, then its messages show under them and the values stay', async ({
    page,
  }) => {
    const bodies = await fakeContactService(
      page,
      () => ({
        status: 400,
        json: {
          success: false,
          message: 'Validation failed',
          validationErrors: [{ path: ['email'], message: 'This address cannot receive mail' }],
        },
      }),
      2000,
    );
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Partnership question');
    await page.getByLabel('Message').fill('We would like to talk about a partnership.');
    await page.getByRole('button', { name: 'Send message' }).click();

    const sendingButton = page.getByRole('button', { name: 'Sending...' });
    await expect(sendingButton).toBeDisabled();
    await expect(sendingButton.locator('.button__spinner')).toBeVisible();
    await expect(fieldError(page, 'contact', 'email')).toHaveText('This address cannot receive mail');
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(page.getByLabel('Message')).toHaveValue('We would like to talk about a partnership.');
    expect(bodies).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Partnership question',
        message: 'We would like to talk about a partnership.',
      },
    ]);
  });

  test('when sending fails otherwise, then an Error toast shows the server message and the values stay', async ({
    page,
  }) => {
    await fakeContactService(page, () => ({
      status: 503,
      json: { success: false, message: 'Messages are paused for maintenance' },
    }));
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Partnership question');
    await page.getByLabel('Message').fill('We would like to talk about a partnership.');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(toast(page, 'Error')).toContainText('Messages are paused for maintenance');
    await expect(page.getByLabel('Subject')).toHaveValue('Partnership question');
  });

  test('when the message is accepted, then Message sent! shows and the form is cleared', async ({ page }) => {
    await fakeContactService(page, () => ({ status: 200, json: { success: true, message: 'Sent' } }));
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Partnership question');
    await page.getByLabel('Message').fill('We would like to talk about a partnership.');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(toast(page, 'Message sent!')).toContainText("We'll get back to you as soon as possible.");
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });
});

test.describe('enterprise page', () => {
  test('shows every section: the 70% co-branded preview, six features, four benefits, three stories and a five-item FAQ', async ({
    page,
  }) => {
    await page.goto('/enterprise');
    await expect(page.getByRole('progressbar', { name: 'Cohort roadmap progress' })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );
    for (const title of [
      'Custom Branding',
      'Centralized Management',
      'Advanced Analytics',
      'Enterprise Security',
      'Custom Templates',
      'Priority Support',
      'Improved Venture Success Rates',
      'Enhanced Visibility & Control',
      'Streamlined Mentorship',
      'Demonstrable Impact',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    }
    await expect(page.locator('.story-card')).toHaveCount(3);
    await expect(page.locator('.trusted-row__logo')).toHaveCount(4);
    await expect(page.locator('.faq-item summary')).toHaveCount(5);
    await page.getByText('How long does implementation take?').click();
    await expect(page.getByText(/up and running in 2-4 weeks/)).toBeVisible();

    await page.getByRole('button', { name: 'Request a Demo' }).first().click();
    await expect(page.getByRole('heading', { name: 'Get Started with Enterprise' })).toBeInViewport();
    await page.getByRole('button', { name: 'Learn more' }).click();
    await expect(page.getByRole('heading', { name: 'Everything your program needs' })).toBeInViewport();
  });

  test('when the enterprise form is sent with short values, then each field shows its message', async ({
    page,
  }) => {
    await page.goto('/enterprise');
    const form = page.locator('form[id="enterprise"]');
    await form.getByRole('button', { name: 'Request a Demo' }).click();
    await expect(fieldError(page, 'enterprise', 'name')).toHaveText('Name must be at least 2 characters.');
    await expect(fieldError(page, 'enterprise', 'email')).toHaveText('Please enter a valid email address.');
    await expect(fieldError(page, 'enterprise', 'organization')).toHaveText(
      'Organization name must be at least 2 characters.',
    );
    await expect(fieldError(page, 'enterprise', 'role')).toHaveText('Role must be at least 2 characters.');
    await expect(fieldError(page, 'enterprise', 'message')).toHaveCount(0);
  });

  test('when the enterprise form is sent, then it goes out as a contact message and Request submitted! shows', async ({
    page,
  }) => {
    const bodies = await fakeContactService(
      page,
      () => ({ status: 200, json: { success: true, message: 'Sent' } }),
      2000,
    );
    await page.goto('/enterprise');
    const form = page.locator('form[id="enterprise"]');
    await form.getByLabel('Full name').fill('Helen Park');
    await form.getByLabel('Work email').fill('helen@northgate.edu');
    await form.getByLabel('Organization').fill('Northgate University');
    await form.getByLabel('Your role').fill('Director');
    await form.getByRole('button', { name: 'Request a Demo' }).click();

    await expect(form.getByRole('button', { name: /Submitting\.\.\./ })).toBeVisible();
    await expect(toast(page, 'Request submitted!')).toContainText(
      'Our team will contact you shortly to discuss enterprise options.',
    );
    expect(bodies).toEqual([
      {
        name: 'Helen Park',
        email: 'helen@northgate.edu',
        subject: 'Enterprise Inquiry from Northgate University',
        message: 'Organization: Northgate University\nRole: Director\n\nNo additional message provided.',
      },
    ]);
    await expect(form.getByLabel('Organization')).toHaveValue('');
  });

  test('when the server answers success false, then an Error toast shows its message', async ({ page }) => {
    await fakeContactService(page, () => ({ status: 200, json: { success: false, message: 'Inbox full' } }));
    await page.goto('/enterprise');
    const form = page.locator('form[id="enterprise"]');
    await form.getByLabel('Full name').fill('Helen Park');
    await form.getByLabel('Work email').fill('helen@northgate.edu');
    await form.getByLabel('Organization').fill('Northgate University');
    await form.getByLabel('Your role').fill('Director');
    await form.getByRole('button', { name: 'Request a Demo' }).click();
    await expect(toast(page, 'Error')).toContainText('Inbox full');
    await expect(form.getByLabel('Full name')).toHaveValue('Helen Park');
  });
});

test.describe('password recovery pages', () => {
  test('forgot password validates the address, then confirms the request', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(fieldError(page, 'forgot-password', 'username')).toHaveText(
      'Please enter a valid email address',
    );

    await page.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your e-mail')).toBeVisible();
  });

  test('reset password without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('reset password checks length and confirmation, and a wrong token is refused by the server', async ({
    page,
  }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(fieldError(page, 'reset-password', 'password')).toHaveText(
      'Password must be at least 8 characters',
    );
    await expect(fieldError(page, 'reset-password', 'confirmPassword')).toHaveText("Passwords don't match");

    await page.getByLabel('New password', { exact: true }).fill('a-long-new-password');
    await page.getByLabel('Confirm new password').fill('a-long-new-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(toast(page, 'Password reset failed')).toContainText(
      'This reset link is invalid or has expired',
    );
    await expect(page).toHaveURL(/\/reset-password\?token=/);
  });
});

test.describe('accessibility', () => {
  const pages: [string, string][] = [
    ['/', 'Turn your startup idea into a venture that launches'],
    ['/about', 'We help founders turn ideas into ventures'],
    ['/contact', 'Get in touch'],
    ['/enterprise', 'Empower every founder in your program'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=sample-token', 'Reset your password'],
    ['/auth', 'Welcome back'],
    ['/no-such-page', 'Page Not Found'],
  ];
  for (const [path, heading] of pages) {
    test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await blockingViolations(page)).toEqual([]);
    });
  }
});

test.describe('with the platform services', () => {
  async function fillContactForm(page: Page) {
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('grace'));
    await page.getByLabel('Subject').fill('Question about the roadmap');
    await page.getByLabel('Message').fill('How do I share my roadmap with a co-founder?');
  }

  test('the contact service accepts a message and Message sent! shows', async ({ page }) => {
    await page.goto('/contact');
    await fillContactForm(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, 'Message sent!')).toContainText("We'll get back to you as soon as possible.");
    await expect(page.getByLabel('Subject')).toHaveValue('');
  });

  test('the contact service accepts an enterprise inquiry and Request submitted! shows', async ({ page }) => {
    await page.goto('/enterprise');
    const form = page.locator('form[id="enterprise"]');
    await form.getByLabel('Full name').fill('Helen Park');
    await form.getByLabel('Work email').fill(uniqueEmail('helen'));
    await form.getByLabel('Organization').fill('Northgate University');
    await form.getByLabel('Your role').fill('Director');
    await form.getByLabel('Message (optional)').fill('We run two cohorts a year.');
    await form.getByRole('button', { name: 'Request a Demo' }).click();
    await expect(toast(page, 'Request submitted!')).toBeVisible();
  });

  test('a user who forgot the password resets it with the link from the e-mail and signs in with the new one', async ({
    page,
  }) => {
    const email = uniqueEmail('forgetful');
    const registered = await page.request.post('/api/register', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { username: email, password: 'first-password-1' },
    });
    expect(registered.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your e-mail')).toBeVisible();

    let token: string | undefined;
    await expect
      .poll(async () => (token = await resetTokenMailedTo(email)), { timeout: 20_000 })
      .toBeTruthy();

    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm new password').fill('second-password-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(toast(page, 'Password reset')).toContainText('Please sign in with your new password.');
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'Login successful')).toContainText(`Welcome back, ${email}!`);
  });
});

test.describe('pre-rendered metadata', () => {
  for (const [pagePath, title] of [
    ['/about', 'About us | Venture Roadmap'],
    ['/contact', 'Contact us | Venture Roadmap'],
    ['/enterprise', 'Enterprise: venture roadmaps for institutions | Venture Roadmap'],
    ['/auth', 'Sign in | Venture Roadmap'],
  ] as const) {
    test(`the served HTML of ${pagePath} holds its metadata before any JavaScript runs`, async ({
      request,
    }) => {
      const response = await request.get(pagePath, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${pagePath}"`));
      expect(html).toContain(`<meta property="og:title" content="${title}"`);
      expect(html).toMatch(new RegExp(`<meta property="og:url" content="[^"]*${pagePath}"`));
      expect(html).toContain(`<meta name="twitter:title" content="${title}"`);
      expect(html.includes('application/ld+json')).toBe(pagePath === '/enterprise');
    });
  }

  test('a pre-rendered page still starts the app and shows its content', async ({ page }) => {
    await page.goto('/enterprise');
    await expect(page).toHaveURL(/\/enterprise$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Empower every founder in your program' }),
    ).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });
});
