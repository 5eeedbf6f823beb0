import type { EventEnvelope } from '@app/common';
import { REMINDER_LABELS } from '@app/contracts';
import { z } from 'zod';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml } from './html.ts';
import { preferencesOf, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/*
 * Due-date reminders (issue 17): "Due in 7 days", "Due tomorrow" and "Overdue", one per `task.reminder_due`
 * event (the venture service publishes one per task, kind and due date). Non-essential: the recipient's
 * preference "reminders" turns them off, and each carries a one-click unsubscribe. Pure.
 */

const address = z.email();

/** 'Thursday, 11 March 2027' for '2027-03-11' (a calendar date: no zone shifts it). */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function sign(lines: string[]): string {
  return [...lines, '', '— The Venture Roadmap team'].join('\n');
}

export function composeReminderEmails(
  event: EventEnvelope<'task.reminder_due'>,
  settings: MailSettings,
  preferences: PreferencesLookup,
): OutgoingEmail[] {
  const d = event.data;
  if (!preferencesOf(preferences, d.recipient.userId).reminders) return [];
  const to = d.recipient.email.trim();
  // An address that is none: nobody to write to (no retry makes it one); the event is done.
  if (!address.safeParse(to).success) return [];
  const label = REMINDER_LABELS[d.kind];
  const when = longDate(d.dueDate);
  const taskUrl = `${settings.publicUrl}/ventures/${encodeURIComponent(d.ventureId)}?task=${encodeURIComponent(d.taskId)}`;
  const lead =
    d.kind === 'overdue'
      ? `The task "${d.taskTitle}" of ${d.ventureName} was due on ${when} and is not done yet.`
      : d.kind === 'due_tomorrow'
        ? `The task "${d.taskTitle}" of ${d.ventureName} is due tomorrow, ${when}.`
        : `The task "${d.taskTitle}" of ${d.ventureName} is due in 7 days, on ${when}.`;
  const paragraphs = [
    lead,
    d.kind === 'overdue'
      ? 'Finish it, or move its due date so the plan stays true.'
      : 'Open the task to read its guide and see what is left.',
  ];
  const footnote = `Dates are in the venture's time zone (${d.timeZone}).`;
  const links = unsubscribeLinks(settings, d.recipient.userId, 'reminders');
  const button = { label: 'Open the task', url: taskUrl };
  const name = d.recipient.displayName !== d.recipient.email ? headerText(d.recipient.displayName, 100) : '';
  return [
    {
      key: `${event.id}/task-reminder`,
      eventId: event.id,
      kind: 'task-reminder',
      to: name ? { name, address: to } : { address: to },
      subject: headerText(`${label}: ${d.taskTitle} (${d.ventureName})`),
      text: sign([
        label,
        '',
        ...paragraphs,
        '',
        `${button.label}: ${button.url}`,
        '',
        footnote,
        ...(links ? ['', links.textLine] : []),
      ]),
      html: renderHtml({
        heading: label,
        paragraphs,
        button,
        footnote,
        ...(links ? { unsubscribe: links.html } : {}),
      }),
      ...(links ? { listUnsubscribe: links.oneClick } : {}),
    },
  ];
}
