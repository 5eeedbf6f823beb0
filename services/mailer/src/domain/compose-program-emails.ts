import type { EventEnvelope } from '@app/common';
import { programPagePath } from '@app/contracts';
import { z } from 'zod';
import { riskReason, riskReasonFromText } from '../i18n/risk-reasons.ts';
import { sign, translatorFor } from '../i18n/translator.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml } from './html.ts';
import { languageOf, preferencesOf, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/*
 * Issue 18: the e-mails of programs. `venture.at_risk` tells each assigned mentor (once per at-risk
 * episode: the venture service publishes one event per episode) why a venture turned at risk;
 * `program.digest_due` is the weekly digest to one program manager or org admin. Both are work alerts,
 * not essential to the account: they follow the recipient's "Program updates" preference (`programUpdates`)
 * and carry its one-click unsubscribe, which turns off that preference only. Pure.
 */

const address = z.email();

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
    return d.notify.flatMap((mentor) => {
      if (!preferencesOf(preferences, mentor.userId).programUpdates) return [];
      const to = toOf(mentor);
      if (!to) return [];
      const tr = translatorFor(languageOf(preferences, mentor.userId));
      const { t } = tr;
      const names = { ventureName: d.ventureName, programName: d.programName };
      const heading = t('{ventureName} is at risk', names);
      const paragraphs = [
        t('{ventureName}, a venture you mentor in {programName} ({organizationName}), turned at risk:', {
          ...names,
          organizationName: d.organizationName,
        }),
        ...d.reasons.map((reason) => `• ${riskReason(tr, reason)}`),
        t('A message from you now may help the founders get going again.'),
      ];
      const links = unsubscribeLinks(settings, mentor.userId, 'programUpdates', tr);
      const open = t('Open the venture');
      return [
        {
          key: `${event.id}/venture-at-risk/${mentor.userId}`,
          eventId: event.id,
          kind: 'venture-at-risk' as const,
          to,
          language: tr.language,
          subject: headerText(t('At risk: {ventureName} ({programName})', names)),
          text: sign(tr, [
            heading,
            '',
            ...paragraphs,
            '',
            `${open}: ${url}`,
            ...(links ? ['', links.textLine] : []),
          ]),
          html: renderHtml({
            language: tr.language,
            heading,
            paragraphs,
            button: { label: open, url },
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
  const tr = translatorFor(languageOf(preferences, d.recipient.userId));
  const { t } = tr;
  const url = `${settings.publicUrl}${programPagePath(d.programId)}`;
  const heading = t('{programName}: the week of {weekStart}', {
    programName: d.programName,
    weekStart: tr.day(d.weekStart),
  });
  const summary = t('{count, plural, one {{n} venture} other {{n} ventures}}, median progress {median} %.', {
    count: d.ventureCount,
    n: tr.number(d.ventureCount),
    median: tr.number(d.medianProgress),
  });
  const risk =
    d.atRisk.length === 0
      ? [t('No venture is at risk this week.')]
      : [
          t('{n} at risk:', { n: tr.number(d.atRisk.length) }),
          ...d.atRisk.map(
            (v) =>
              `• ${v.ventureName}: ${v.reasons.map((reason) => riskReasonFromText(tr, reason)).join(', ')}`,
          ),
        ];
  const paragraphs = [summary, ...risk];
  const links = unsubscribeLinks(settings, d.recipient.userId, 'programUpdates', tr);
  const open = t('Open the cohort dashboard');
  return [
    {
      key: `${event.id}/program-digest`,
      eventId: event.id,
      kind: 'program-digest',
      to,
      language: tr.language,
      subject: headerText(
        t('Weekly digest: {programName} ({organizationName})', {
          programName: d.programName,
          organizationName: d.organizationName,
        }),
      ),
      text: sign(tr, [
        heading,
        '',
        ...paragraphs,
        '',
        `${open}: ${url}`,
        ...(links ? ['', links.textLine] : []),
      ]),
      html: renderHtml({
        language: tr.language,
        heading,
        paragraphs,
        button: { label: open, url },
        ...(links ? { unsubscribe: links.html } : {}),
      }),
      ...(links ? { listUnsubscribe: links.oneClick } : {}),
    },
  ];
}
