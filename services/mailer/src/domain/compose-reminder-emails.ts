import type { EventEnvelope } from '@app/common';
import { z } from 'zod';
import { reminderLabel } from '../i18n/labels.ts';
import { taskTitleFor } from '../i18n/task-title.ts';
import { sign, translatorFor } from '../i18n/translator.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml } from './html.ts';
import { languageOf, preferencesOf, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/*
 * Due-date reminders (issue 17): "Due in 7 days", "Due tomorrow" and "Overdue", one per `task.reminder_due`
 * event (the venture service publishes one per task, kind and due date). Non-essential: the recipient's
 * preference "reminders" turns them off, and each carries a one-click unsubscribe. Pure.
 */

const address = z.email();

/** 'Thursday, 11 March 2027' for '2027-03-11' (a calendar date: no zone shifts it). */
export function longDate(date: string): string {
  return translatorFor('en').longDate(date);
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
  const tr = translatorFor(languageOf(preferences, d.recipient.userId));
  const { t } = tr;
  const label = reminderLabel(tr, d.kind);
  const names = { taskTitle: taskTitleFor(tr, d), ventureName: d.ventureName, when: tr.longDate(d.dueDate) };
  const taskUrl = `${settings.publicUrl}/ventures/${encodeURIComponent(d.ventureId)}?task=${encodeURIComponent(d.taskId)}`;
  const lead =
    d.kind === 'overdue'
      ? t('The task "{taskTitle}" of {ventureName} was due on {when} and is not done yet.', names)
      : d.kind === 'due_tomorrow'
        ? t('The task "{taskTitle}" of {ventureName} is due tomorrow, {when}.', names)
        : t('The task "{taskTitle}" of {ventureName} is due in 7 days, on {when}.', names);
  const paragraphs = [
    lead,
    d.kind === 'overdue'
      ? t('Finish it, or move its due date so the plan stays true.')
      : t('Open the task to read its guide and see what is left.'),
  ];
  const footnote = t("Dates are in the venture's time zone ({timeZone}).", { timeZone: d.timeZone });
  const links = unsubscribeLinks(settings, d.recipient.userId, 'reminders', tr);
  const button = { label: t('Open the task'), url: taskUrl };
  const name = d.recipient.displayName !== d.recipient.email ? headerText(d.recipient.displayName, 100) : '';
  return [
    {
      key: `${event.id}/task-reminder`,
      eventId: event.id,
      kind: 'task-reminder',
      to: name ? { name, address: to } : { address: to },
      language: tr.language,
      subject: headerText(
        t('{label}: {taskTitle} ({ventureName})', {
          label,
          taskTitle: names.taskTitle,
          ventureName: d.ventureName,
        }),
      ),
      text: sign(tr, [
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
        language: tr.language,
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
