import type { EventEnvelope } from '@app/common';
import { TASK_STATUS_LABELS, type TaskStatus } from '@app/contracts';
import { z } from 'zod';
import { taskChangeRecipients } from './compose-team-emails.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml } from './html.ts';
import type { PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/** One task change kept for one recipient's daily digest. */
export interface DigestEntry {
  eventId: string;
  userId: string;
  to: string;
  ventureId: string;
  ventureName: string;
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
    taskTitle: d.taskTitle,
    fromStatus: d.fromStatus,
    toStatus: d.toStatus,
    actorName: d.actor.displayName,
    occurredAt: event.occurredAt,
  }));
}

const label = (status: string) => TASK_STATUS_LABELS[status as TaskStatus] ?? status;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One recipient's digest of one day: the changes grouped by venture (ventures by name, changes in the
 * order they happened). `entries` are all that recipient's for that day. Null when the address is not one.
 */
export function composeDigest(
  userId: string,
  day: string,
  entries: readonly DigestEntry[],
  settings: MailSettings,
): OutgoingEmail | null {
  const first = entries[0];
  if (!first) return null;
  const to = first.to.trim();
  if (!z.email().safeParse(to).success) return null;

  const byVenture = new Map<string, DigestEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))) {
    const list = byVenture.get(entry.ventureId) ?? [];
    list.push(entry);
    byVenture.set(entry.ventureId, list);
  }
  const ventures = [...byVenture.values()].sort((a, b) => a[0]!.ventureName.localeCompare(b[0]!.ventureName));
  const line = (e: DigestEntry) =>
    `${e.actorName} moved "${e.taskTitle}" from ${label(e.fromStatus)} to ${label(e.toStatus)}`;
  const url = (ventureId: string) => `${settings.publicUrl}/ventures/${encodeURIComponent(ventureId)}`;

  const names = ventures.map((v) => v[0]!.ventureName);
  const subject =
    names.length === 1
      ? `Your daily digest for ${day}: ${plural(entries.length, 'task change', 'task changes')} in ${names[0]}`
      : `Your daily digest for ${day}: ${plural(entries.length, 'task change', 'task changes')} in ${names.length} ventures`;
  const intro = `Here is what changed on ${day} (UTC) in the ventures you are a member of.`;
  const sections = ventures.map((list) => {
    const v = list[0]!;
    return {
      heading: `${v.ventureName} — ${plural(list.length, 'change', 'changes')}`,
      lines: list.map(line),
      url: url(v.ventureId),
    };
  });
  const links = unsubscribeLinks(settings, userId, 'taskChanges');
  const text = [
    `Daily digest — ${day}`,
    '',
    intro,
    ...sections.flatMap((s) => [
      '',
      s.heading,
      ...s.lines.map((l) => `  • ${l}`),
      `  Open the roadmap: ${s.url}`,
    ]),
    '',
    '— The Venture Roadmap team',
    ...(links ? ['', links.textLine] : []),
  ].join('\n');
  const html = renderHtml({
    heading: `Daily digest — ${day}`,
    paragraphs: [intro, ...sections.map((s) => [s.heading, ...s.lines.map((l) => `• ${l}`)].join('\n'))],
    button: { label: 'Open Venture Roadmap', url: `${settings.publicUrl}/` },
    ...(links ? { unsubscribe: links.html } : {}),
  });
  return {
    key: `digest/${day}/${userId}`,
    eventId: `digest.${day}.${userId}`,
    kind: 'digest',
    to: { address: to },
    subject: headerText(subject),
    text,
    html,
    ...(links ? { listUnsubscribe: links.oneClick } : {}),
  };
}
