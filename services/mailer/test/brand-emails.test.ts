import { describe, expect, it } from '@jest/globals';
import { createEvent } from '@app/common';
import {
  brandByRecipient,
  brandEmail,
  brandEmails,
  type BrandDirectory,
  type MailBrand,
} from '../src/domain/brand.ts';
import { composeEmails } from '../src/domain/compose-emails.ts';
import { composeDigest } from '../src/domain/digest.ts';

/* Issue 19, white label: what the mailer changes in an e-mail to a member of an organization. */

const settings = { publicUrl: 'https://app.example.test', contactInbox: 'team@example.test' };
const ctx = { producer: 'test' };

const northgate: MailBrand = {
  organizationId: 'org-1',
  name: 'Northgate Venture Lab',
  logoUrl: 'https://cdn.northgate.example/logo.png',
  primaryColor: '#7C2D12',
  replyToEmail: 'programs@northgate.example',
  customDomain: 'ventures.northgate.example',
};

function directory(byOrg: Record<string, MailBrand>, byAddress: Record<string, MailBrand>): BrandDirectory {
  return {
    applyOrganization: async () => undefined,
    removeOrganization: async () => undefined,
    applyMembership: async () => undefined,
    ofOrganization: async (id) => byOrg[id] ?? null,
    ofRecipients: async (addresses) =>
      new Map(addresses.filter((a) => byAddress[a]).map((a) => [a, byAddress[a]!])),
  };
}

const welcome = (organizationId: string | null) =>
  createEvent('user.registered', { userId: 'u-1', username: 'founder@example.test', organizationId }, ctx);

describe('an e-mail to a member of a branded organization', () => {
  it("when branded, then From names the organization via Venture Roadmap, Reply-To is the organization's, and the HTML carries its logo and colour", () => {
    const [plain] = composeEmails(welcome('org-1'), settings);
    const email = brandEmail(plain!, northgate, settings);
    expect(email.fromName).toBe('Northgate Venture Lab via Venture Roadmap');
    expect(email.replyTo).toEqual({ name: 'Northgate Venture Lab', address: 'programs@northgate.example' });
    expect(email.html).toContain('src="https://cdn.northgate.example/logo.png"');
    expect(email.html).toContain('background:#7C2D12;padding:16px 24px');
    expect(email.html).toContain('display:inline-block;background:#7C2D12;');
    expect(email.html).not.toContain('#3B82F6');
    expect(email.html).toContain('Northgate Venture Lab</span>');
    // The subject, recipient and key stay: the once-per-event guarantee is per key.
    expect([email.subject, email.to, email.key]).toEqual([plain!.subject, plain!.to, plain!.key]);
  });

  it('when the organization has a custom domain, then links in the text and HTML use it', () => {
    const [plain] = composeEmails(welcome('org-1'), settings);
    const email = brandEmail(plain!, northgate, settings);
    expect(email.text).toContain('https://ventures.northgate.example/');
    expect(email.text).not.toContain('https://app.example.test');
    expect(email.html).toContain('href="https://ventures.northgate.example/"');
    expect(email.html).not.toContain('https://app.example.test');
  });

  it('when the organization has no reply-to, logo or domain, then only the sender name and colour change', () => {
    const [plain] = composeEmails(welcome('org-1'), settings);
    const email = brandEmail(
      plain!,
      { ...northgate, replyToEmail: null, logoUrl: null, customDomain: null },
      settings,
    );
    expect(email.fromName).toBe('Northgate Venture Lab via Venture Roadmap');
    expect(email.replyTo).toBeUndefined();
    expect(email.html).not.toContain('<img');
    expect(email.text).toContain('https://app.example.test/');
  });

  it('when the e-mail has its own Reply-To (a contact message), then it keeps it', () => {
    const event = createEvent(
      'contact.received',
      {
        messageId: 'm-1',
        name: 'Ada',
        email: 'ada@example.test',
        subject: 'A question',
        message: 'Hello there, a question.',
        kind: 'contact',
      },
      ctx,
    );
    const notice = composeEmails(event, settings).find((e) => e.replyTo);
    if (!notice) throw new Error('expected the team notice with a Reply-To');
    expect(brandEmail(notice, northgate, settings).replyTo).toEqual(notice.replyTo);
  });

  it("when the welcome e-mail comes from a registration through the organization, then it is branded by the registration's organization", async () => {
    const emails = composeEmails(welcome('org-1'), settings);
    const [email] = await brandEmails(
      directory({ 'org-1': northgate }, {}),
      welcome('org-1'),
      emails,
      settings,
    );
    expect(email!.fromName).toBe('Northgate Venture Lab via Venture Roadmap');
  });

  it('when the recipient belongs to no organization, then the e-mail is left as the platform sends it', async () => {
    const event = welcome(null);
    const emails = composeEmails(event, settings);
    const out = await brandEmails(directory({ 'org-1': northgate }, {}), event, emails, settings);
    expect(out).toEqual(emails);
    expect(out[0]!.fromName).toBeUndefined();
  });

  it("when another event writes to a member, then the recipient's organization (by address) brands it", async () => {
    const event = createEvent(
      'password.reset_requested',
      {
        userId: 'u-1',
        username: 'Founder@Example.test',
        resetUrl: 'https://app.example.test/reset-password?token=t',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      ctx,
    );
    const emails = composeEmails(event, settings);
    const [branded] = await brandEmails(
      directory({}, { 'founder@example.test': northgate }),
      event,
      emails,
      settings,
    );
    expect(branded!.fromName).toBe('Northgate Venture Lab via Venture Roadmap');
    expect(branded!.text).toContain('https://ventures.northgate.example/reset-password?token=t');
    const [stranger] = await brandEmails(directory({}, {}), event, emails, settings);
    expect(stranger!.fromName).toBeUndefined();
  });

  it("when a member's daily digest goes out, then it carries their organization's brand too", async () => {
    const digest = composeDigest(
      'u-1',
      '2026-11-26',
      [
        {
          eventId: 'e-1',
          userId: 'u-1',
          to: 'founder@example.test',
          ventureId: 'v-1',
          ventureName: 'Solar Kiosk',
          taskTitle: 'Interview 10 customers',
          fromStatus: 'todo',
          toStatus: 'done',
          actorName: 'Ada',
          occurredAt: '2026-11-26T10:00:00.000Z',
        },
      ],
      settings,
    );
    if (!digest) throw new Error('expected a digest');
    const [branded] = await brandByRecipient(
      directory({}, { 'founder@example.test': northgate }),
      [digest],
      settings,
    );
    expect(branded!.fromName).toBe('Northgate Venture Lab via Venture Roadmap');
    expect(branded!.key).toBe(digest.key);
  });
});
