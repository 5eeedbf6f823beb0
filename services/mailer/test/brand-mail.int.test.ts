import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createInProcessBus, createLogger, type InProcessEventBus } from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { event, setUpMailer, until, type MailerSetup } from './support/mailer-harness.ts';

/*
 * Issue 19, white label, end to end in the mailer: organization and membership events build its brand read
 * model (real MongoDB), and the e-mails written to `.eml` files carry the brand for a member only.
 */
describe('branded e-mails (issue 19)', () => {
  let mongo: TestMongo;
  let setup: MailerSetup;
  let bus: InProcessEventBus;

  beforeAll(async () => {
    mongo = await startTestMongo();
  }, 60_000);
  afterAll(async () => {
    await mongo.stop();
  }, 60_000);
  afterEach(async () => {
    await bus.close();
    await setup.stop();
  }, 60_000);

  async function start() {
    bus = createInProcessBus({ logger: createLogger({ name: 'bus-test', level: 'silent' }) });
    setup = await setUpMailer(mongo);
    return setup.start({ MAIL_FROM: 'no-reply@platform.example', MAIL_FROM_NAME: 'Venture Roadmap' }, bus);
  }

  async function emlTo(dir: string, address: string, kind: string): Promise<string> {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml') && f.includes(`-${kind}-`));
    for (const file of files) {
      const eml = await readFile(path.join(dir, file), 'utf8');
      if (new RegExp(`^To: ${address.replace(/\./g, '\\.')}$`, 'm').test(eml)) return eml;
    }
    throw new Error(`no ${kind} e-mail to ${address}`);
  }

  const organizationUpdated = (occurredAt?: string) => {
    const envelope = event('organization.updated', {
      organizationId: 'org-north',
      slug: 'northgate',
      name: 'Northgate',
      plan: 'free',
      isActive: true,
      brand: {
        name: 'Northgate Venture Lab',
        logoUrl: 'https://cdn.northgate.example/logo.png',
        primaryColor: '#7C2D12',
        replyToEmail: 'programs@northgate.example',
        customDomain: 'ventures.northgate.example',
      },
    });
    return occurredAt ? { ...envelope, occurredAt } : envelope;
  };

  it("when a founder registers through the organization, then the welcome e-mail is from '<organization> via Venture Roadmap' with its Reply-To; a non-member's is the platform's", async () => {
    const service = await start();
    await bus.publish([organizationUpdated()]);
    await bus.idle();
    // The registration carries the organization: the membership event may come later (or never).
    await bus.publish([
      event('user.registered', {
        userId: 'u-member',
        username: 'member@example.test',
        organizationId: 'org-north',
      }),
      event('user.registered', { userId: 'u-plain', username: 'plain@example.test', organizationId: null }),
    ]);
    await bus.idle();
    await until(() => service.stats().sent === 2);

    const member = await emlTo(service.mailDir!, 'member@example.test', 'welcome');
    expect(member).toMatch(/^From: Northgate Venture Lab via Venture Roadmap <no-reply@platform\.example>$/m);
    expect(member).toMatch(/^Reply-To: Northgate Venture Lab <programs@northgate\.example>$/m);
    const html = member.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(html).toContain('https://cdn.northgate.example/logo.png');
    expect(html).toContain('#7C2D12');
    expect(html).toContain('https://ventures.northgate.example/');

    const plain = await emlTo(service.mailDir!, 'plain@example.test', 'welcome');
    expect(plain).toMatch(/^From: Venture Roadmap <no-reply@platform\.example>$/m);
    expect(plain).not.toMatch(/^Reply-To:/m);
    expect(plain).not.toContain('ventures.northgate.example');
  }, 30_000);

  it("when a member gets another e-mail, then their membership brands it; once they left, it is the platform's again", async () => {
    const service = await start();
    const joined = event('organization.member_changed', {
      organizationId: 'org-north',
      member: { userId: 'u-9', email: 'Staff@Example.test', displayName: 'Staff' },
      role: 'mentor',
      actor: null,
    });
    await bus.publish([organizationUpdated(), joined]);
    await bus.idle();
    const reset = (token: string) =>
      event('password.reset_requested', {
        userId: 'u-9',
        username: 'staff@example.test',
        resetUrl: `https://app.example.test/reset-password?token=${token}`,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    await bus.publish([reset('one')]);
    await bus.idle();
    await until(() => service.stats().sent === 1);
    const branded = await emlTo(service.mailDir!, 'staff@example.test', 'password-reset');
    expect(branded).toMatch(/^From: Northgate Venture Lab via Venture Roadmap </m);
    expect(branded.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      'https://ventures.northgate.example/reset-password?token=one',
    );

    // An older organization event arriving late changes nothing; leaving ends the brand.
    await bus.publish([
      organizationUpdated('2000-01-01T00:00:00.000Z'),
      event('organization.member_changed', {
        organizationId: 'org-north',
        member: { userId: 'u-9', email: 'staff@example.test', displayName: 'Staff' },
        role: null,
        actor: null,
      }),
    ]);
    await bus.idle();
    const before = new Set(await readdir(service.mailDir!));
    await bus.publish([reset('two')]);
    await bus.idle();
    await until(() => service.stats().sent === 2);
    const fresh = (await readdir(service.mailDir!)).filter((f) => !before.has(f) && f.endsWith('.eml'));
    expect(fresh).toHaveLength(1);
    const after = await readFile(path.join(service.mailDir!, fresh[0]!), 'utf8');
    expect(after).toMatch(/^From: Venture Roadmap </m);
  }, 30_000);
});
