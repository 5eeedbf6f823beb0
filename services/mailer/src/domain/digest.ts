import type { EventEnvelope } from '@app/common';
import { TASK_STATUSES, type Language, type TaskStatus } from '@app/contracts';
import { z } from 'zod';
import { statusLabel } from '../i18n/labels.ts';
import { taskTitleFor } from '../i18n/task-title.ts';
import { translatorFor, type Translator } from '../i18n/translator.ts';
import { taskChangeRecipients } from './compose-team-emails.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml } from './html.ts';
import { languageOf, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/** One task change kept for one recipient's daily digest. */
export interface DigestEntry {
  eventId: string;
  userId: string;
  to: string;
  ventureId: string;
  ventureName: string;
  /** As the recipient reads it when filed (issue 21: the Spanish title for a Spanish recipient, if any). */
  taskTitle: string;
  fromStatus: string;
  toStatus: string;
  actorName: string;
  /** ISO 8601. */
  occurredAt: string;
}

/** The calendar day (UTC) of an instant, `YYYY-MM-DD`: digests gather a UTC day's changes. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The digest entries of a `task.updated.v2`: one per member whose task changes are `daily`. */
export function digestEntriesFor(
  event: EventEnvelope<'task.updated.v2'>,
  preferences: PreferencesLookup,
): DigestEntry[] {
  const d = event.data;
  return taskChangeRecipients(event, preferences).daily.map((member) => ({
    eventId: event.id,
    userId: member.userId,
    to: member.email,
    ventureId: d.ventureId,
    ventureName: d.ventureName,
    taskTitle: taskTitleFor(translatorFor(languageOf(preferences, member.userId)), d),
    fromStatus: d.fromStatus,
    toStatus: d.toStatus,
    actorName: d.actor.displayName,
    occurredAt: event.occurredAt,
  }));
}

const label = (tr: Translator, status: string) =>
  (TASK_STATUSES as readonly string[]).includes(status) ? statusLabel(tr, status as TaskStatus) : status;

/**
 * One recipient's digest of one day, in their language (issue 21; absent: English): the changes grouped by
 * venture (ventures by name, changes in the order they happened). `entries` are all that recipient's for
 * that day. Null when the address is not one.
 */
export function composeDigest(
  userId: string,
  day: string,
  entries: readonly DigestEntry[],
  settings: MailSettings,
  language?: Language,
): OutgoingEmail | null {
  const first = entries[0];
  if (!first) return null;
  const to = first.to.trim();
  if (!z.email().safeParse(to).success) return null;
  const tr = translatorFor(language);
  const { t } = tr;

  const byVenture = new Map<string, DigestEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))) {
    const list = byVenture.get(entry.ventureId) ?? [];
    list.push(entry);
    byVenture.set(entry.ventureId, list);
  }
  const ventures = [...byVenture.values()].sort((a, b) => a[0]!.ventureName.localeCompare(b[0]!.ventureName));
  const line = (e: DigestEntry) =>
    t('{actor} moved "{taskTitle}" from {previous} to {status}', {
      actor: e.actorName,
      taskTitle: e.taskTitle,
      previous: label(tr, e.fromStatus),
      status: label(tr, e.toStatus),
    });
  const url = (ventureId: string) => `${settings.publicUrl}/ventures/${encodeURIComponent(ventureId)}`;

  const date = tr.day(day);
  const changes = { count: entries.length, n: tr.number(entries.length), day: date };
  const names = ventures.map((v) => v[0]!.ventureName);
  const subject =
    names.length === 1
      ? t(
          'Your daily digest for {day}: {count, plural, one {{n} task change} other {{n} task changes}} in {ventureName}',
          { ...changes, ventureName: names[0]! },
        )
      : t(
          'Your daily digest for {day}: {count, plural, one {{n} task change} other {{n} task changes}} in {ventures} ventures',
          { ...changes, ventures: tr.number(names.length) },
        );
  const intro = t('Here is what changed on {day} (UTC) in the ventures you are a member of.', { day: date });
  const open = t('Open the roadmap');
  const sections = ventures.map((list) => {
    const v = list[0]!;
    return {
      heading: t('{ventureName} — {count, plural, one {{n} change} other {{n} changes}}', {
        ventureName: v.ventureName,
        count: list.length,
        n: tr.number(list.length),
      }),
      lines: list.map(line),
      url: url(v.ventureId),
    };
  });
  const links = unsubscribeLinks(settings, userId, 'taskChanges', tr);
  const heading = t('Daily digest — {day}', { day: date });
  const text = [
    heading,
    '',
    intro,
    ...sections.flatMap((s) => ['', s.heading, ...s.lines.map((l) => `  • ${l}`), `  ${open}: ${s.url}`]),
    '',
    t('— The Venture Roadmap team'),
    ...(links ? ['', links.textLine] : []),
  ].join('\n');
  const html = renderHtml({
    language: tr.language,
    heading,
    paragraphs: [intro, ...sections.map((s) => [s.heading, ...s.lines.map((l) => `• ${l}`)].join('\n'))],
    button: { label: t('Open Venture Roadmap'), url: `${settings.publicUrl}/` },
    ...(links ? { unsubscribe: links.html } : {}),
  });
  return {
    key: `digest/${day}/${userId}`,
    eventId: `digest.${day}.${userId}`,
    kind: 'digest',
    to: { address: to },
    language: tr.language,
    subject: headerText(subject),
    text,
    html,
    ...(links ? { listUnsubscribe: links.oneClick } : {}),
  };
}
