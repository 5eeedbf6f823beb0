import type { EventEnvelope } from '@app/common';
import { programPagePath } from '@app/contracts';
import { z } from 'zod';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml } from './html.ts';
import { preferencesOf, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/*
 * Issue 18: the e-mails of programs. `venture.at_risk` tells each assigned mentor (once per at-risk
 * episode: the venture service publishes one event per episode) why a venture turned at risk;
 * `program.digest_due` is the weekly digest to one program manager or org admin. Both are work alerts,
 * not essential to the account: they follow the recipient's "Program updates" preference (`programUpdates`)
 * and carry its one-click unsubscribe, which turns off that preference only. Pure.
 */

const address = z.email();

function sign(lines: string[]): string {
  return [...lines, '', '— The Venture Roadmap team'].join('\n');
}

function toOf(person: { email: string; displayName: string }): OutgoingEmail['to'] | null {
  const email = person.email.trim();
  if (!address.safeParse(email).success) return null;
  const name = person.displayName !== person.email ? headerText(person.displayName, 100) : '';
  return name ? { name, address: email } : { address: email };
}

export function programRecipientIds(event: EventEnvelope): string[] {
  if (event.type === 'venture.at_risk') return event.data.notify.map((p) => p.userId);
  if (event.type === 'program.digest_due') return [event.data.recipient.userId];
  return [];
}

export function composeProgramEmails(
  event: EventEnvelope<'venture.at_risk' | 'program.digest_due'>,
  settings: MailSettings,
  preferences: PreferencesLookup,
): OutgoingEmail[] {
  if (event.type === 'venture.at_risk') {
    const d = event.data;
    const url = `${settings.publicUrl}/ventures/${encodeURIComponent(d.ventureId)}`;
    const heading = `${d.ventureName} is at risk`;
    const paragraphs = [
      `${d.ventureName}, a venture you mentor in ${d.programName} (${d.organizationName}), turned at risk:`,
      ...d.reasons.map((reason) => `• ${reason.text}`),
      'A message from you now may help the founders get going again.',
    ];
    return d.notify.flatMap((mentor) => {
      if (!preferencesOf(preferences, mentor.userId).programUpdates) return [];
      const to = toOf(mentor);
      if (!to) return [];
      const links = unsubscribeLinks(settings, mentor.userId, 'programUpdates');
      return [
        {
          key: `${event.id}/venture-at-risk/${mentor.userId}`,
          eventId: event.id,
          kind: 'venture-at-risk' as const,
          to,
          subject: headerText(`At risk: ${d.ventureName} (${d.programName})`),
          text: sign([
            heading,
            '',
            ...paragraphs,
            '',
            `Open the venture: ${url}`,
            ...(links ? ['', links.textLine] : []),
          ]),
          html: renderHtml({
            heading,
            paragraphs,
            button: { label: 'Open the venture', url },
            ...(links ? { unsubscribe: links.html } : {}),
          }),
          ...(links ? { listUnsubscribe: links.oneClick } : {}),
        },
      ];
    });
  }
  const d = event.data;
  if (!preferencesOf(preferences, d.recipient.userId).programUpdates) return [];
  const to = toOf(d.recipient);
  if (!to) return [];
  const url = `${settings.publicUrl}${programPagePath(d.programId)}`;
  const heading = `${d.programName}: the week of ${d.weekStart}`;
  const summary = `${d.ventureCount} ${d.ventureCount === 1 ? 'venture' : 'ventures'}, median progress ${d.medianProgress} %.`;
  const risk =
    d.atRisk.length === 0
      ? ['No venture is at risk this week.']
      : [
          `${d.atRisk.length} at risk:`,
          ...d.atRisk.map((v) => `• ${v.ventureName}: ${v.reasons.join(', ')}`),
        ];
  const paragraphs = [summary, ...risk];
  const links = unsubscribeLinks(settings, d.recipient.userId, 'programUpdates');
  return [
    {
      key: `${event.id}/program-digest`,
      eventId: event.id,
      kind: 'program-digest',
      to,
      subject: headerText(`Weekly digest: ${d.programName} (${d.organizationName})`),
      text: sign([
        heading,
        '',
        ...paragraphs,
        '',
        `Open the cohort dashboard: ${url}`,
        ...(links ? ['', links.textLine] : []),
      ]),
      html: renderHtml({
        heading,
        paragraphs,
        button: { label: 'Open the cohort dashboard', url },
        ...(links ? { unsubscribe: links.html } : {}),
      }),
      ...(links ? { listUnsubscribe: links.oneClick } : {}),
    },
  ];
}
