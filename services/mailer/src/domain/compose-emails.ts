import { NonRetryableError, type EventEnvelope } from '@app/common';
import { TASK_STATUS_LABELS } from '@app/contracts';
import { z } from 'zod';
import { composeOrganizationInvitation } from './compose-organization-emails.ts';
import { composeProgramEmails, programRecipientIds } from './compose-program-emails.ts';
import { composeReminderEmails } from './compose-reminder-emails.ts';
import { composeTeamEmails, teamRecipientIds } from './compose-team-emails.ts';
import type { EmailKind, MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml, safeLink } from './html.ts';
import { preferencesOf, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/** The e-mail events the mailer consumes (and the one it keeps a read model of). */
export const MAIL_EVENT_TYPES = [
  'user.registered',
  'password.reset_requested',
  'task.updated',
  'contact.received',
  'venture.member_invited',
  'venture.member_joined',
  'venture.member_removed',
  'venture.member_role_changed',
  'task.assigned',
  'task.commented',
  'task.updated.v2',
  'task.reminder_due',
  'organization.member_invited',
  'user.notification_preferences_changed',
  'venture.at_risk',
  'program.digest_due',
] as const;

const address = z.email();

/** A recipient address, or a NonRetryableError: no retry makes an invalid address deliverable. */
function recipient(value: string, what: string): string {
  const trimmed = value.trim();
  if (!address.safeParse(trimmed).success)
    throw new NonRetryableError(`${what} is not a valid e-mail address`);
  return trimmed;
}

/** The users whose preferences decide an event's e-mails (looked up before `composeEmails`). */
export function recipientIds(event: EventEnvelope): string[] {
  if (event.type === 'task.updated') return [event.data.ownerId];
  if (event.type === 'task.reminder_due') return [event.data.recipient.userId];
  if (event.type === 'venture.at_risk' || event.type === 'program.digest_due')
    return programRecipientIds(event);
  return teamRecipientIds(event);
}

function sign(lines: string[]): string {
  return [...lines, '', '— The Venture Roadmap team'].join('\n');
}

function email(
  event: EventEnvelope,
  kind: EmailKind,
  fields: Omit<OutgoingEmail, 'key' | 'eventId' | 'kind'>,
): OutgoingEmail {
  return {
    key: `${event.id}/${kind}`,
    eventId: event.id,
    kind,
    ...fields,
    subject: headerText(fields.subject),
  };
}

/**
 * The e-mails an event asks for, with their plain-text and HTML bodies. Pure: no I/O. User text is
 * escaped in HTML and flattened in headers; links are built from the public URL. `preferences` holds the
 * kept preferences of the users the event may write to (`recipientIds`); absent users have the defaults.
 * Task changes a recipient wants daily are not e-mails here but digest entries (`digestEntriesFor`).
 */
export function composeEmails(
  event: EventEnvelope,
  settings: MailSettings,
  preferences: PreferencesLookup = new Map(),
): OutgoingEmail[] {
  const app = settings.publicUrl;
  switch (event.type) {
    case 'user.registered': {
      const to = recipient(event.data.username, 'The new account');
      const url = `${app}/`;
      const paragraphs = [
        `Your Venture Roadmap account ${to} is ready.`,
        'Create your first venture and we will lay out a step-by-step roadmap for it: validation, product, funding and growth tasks, each with a guide. Mark tasks as you go and watch your progress rise.',
      ];
      return [
        email(event, 'welcome', {
          to: { address: to },
          subject: 'Welcome to Venture Roadmap',
          text: sign(['Welcome to Venture Roadmap!', '', ...paragraphs, '', `Open Venture Roadmap: ${url}`]),
          html: renderHtml({
            heading: 'Welcome to Venture Roadmap!',
            paragraphs,
            button: { label: 'Open Venture Roadmap', url },
          }),
        }),
      ];
    }
    case 'password.reset_requested': {
      const to = recipient(event.data.username, 'The account');
      const url = safeLink(event.data.resetUrl);
      if (!url) throw new NonRetryableError('The reset link is not an http(s) URL');
      const expires = new Date(event.data.expiresAt).toUTCString();
      const paragraphs = [
        `Someone asked to reset the password of the Venture Roadmap account ${to}.`,
        'Use the link below to choose a new password. If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ];
      const footnote = `The link works once and expires on ${expires}.`;
      return [
        email(event, 'password-reset', {
          to: { address: to },
          subject: 'Reset your Venture Roadmap password',
          text: sign(['Reset your password', '', ...paragraphs, '', url, '', footnote]),
          html: renderHtml({
            heading: 'Reset your password',
            paragraphs,
            button: { label: 'Choose a new password', url },
            footnote,
          }),
        }),
      ];
    }
    case 'task.updated': {
      // From before issue 16 (still waiting in outboxes): to the owner, unless they turned task e-mails
      // off; "daily" owners still get these last ones at once (the digest gathers task.updated.v2).
      const d = event.data;
      if (preferencesOf(preferences, d.ownerId).taskChanges === 'off') return [];
      const links = unsubscribeLinks(settings, d.ownerId, 'taskChanges');
      const to = recipient(d.ownerUsername, 'The venture owner');
      const label = TASK_STATUS_LABELS[d.toStatus];
      const from = TASK_STATUS_LABELS[d.fromStatus];
      const url = `${app}/ventures/${encodeURIComponent(d.ventureId)}`;
      const paragraphs = [
        `The task "${d.taskTitle}" of your venture ${d.ventureName} is now ${label} (it was ${from}).`,
        'Open the roadmap to see your progress and pick the next step.',
      ];
      return [
        email(event, 'task-status', {
          to: { address: to },
          subject: `Task updated to ${label}: ${d.taskTitle} (${d.ventureName})`,
          text: [
            sign([`Task updated to ${label}`, '', ...paragraphs, '', `Venture roadmap: ${url}`]),
            ...(links ? ['', links.textLine] : []),
          ].join('\n'),
          html: renderHtml({
            heading: `Task updated to ${label}`,
            paragraphs,
            button: { label: 'Open the roadmap', url },
            ...(links ? { unsubscribe: links.html } : {}),
          }),
          ...(links ? { listUnsubscribe: links.oneClick } : {}),
        }),
      ];
    }
    case 'contact.received': {
      const d = event.data;
      const sender = recipient(d.email, 'The sender');
      const inbox = recipient(settings.contactInbox, 'The team inbox');
      const what = d.kind === 'enterprise' ? 'enterprise inquiry' : 'contact message';
      const details = [`From: ${d.name} <${sender}>`, `Subject: ${d.subject}`, '', d.message];
      const notice = email(event, 'contact-notice', {
        to: { address: inbox },
        replyTo: { name: headerText(d.name, 100), address: sender },
        subject: `[${d.kind === 'enterprise' ? 'Enterprise' : 'Contact'}] ${d.subject}`,
        text: [
          `New ${what} (reference ${d.messageId})`,
          '',
          ...details,
          '',
          'Reply to this e-mail to answer the sender.',
        ].join('\n'),
        html: renderHtml({
          heading: `New ${what}`,
          paragraphs: [`From: ${d.name} <${sender}>`, `Subject: ${d.subject}`, d.message],
          footnote: `Reference ${d.messageId}. Reply to this e-mail to answer the sender.`,
        }),
      });
      // The form names any address, confirmed by nobody: the acknowledgement repeats none of what was
      // submitted (name, subject, message), so it cannot carry a stranger's text to someone's inbox.
      const ackParagraphs =
        d.kind === 'enterprise'
          ? [
              'Hello,',
              'Thank you for your interest in Venture Roadmap for your organization. Our team will contact you shortly to discuss enterprise options.',
            ]
          : [
              'Hello,',
              "Thank you for reaching out. We received your message and we'll get back to you as soon as possible.",
            ];
      const notYou = 'If you did not write to us, you can ignore this e-mail.';
      const ack = email(event, 'contact-ack', {
        to: { address: sender },
        subject: d.kind === 'enterprise' ? 'We received your enterprise inquiry' : 'We received your message',
        text: sign([...ackParagraphs, '', notYou]),
        html: renderHtml({
          heading: d.kind === 'enterprise' ? 'Thank you for your inquiry' : 'Thank you for your message',
          paragraphs: [...ackParagraphs, notYou],
          button: { label: 'Visit Venture Roadmap', url: `${app}/` },
        }),
      });
      return [notice, ack];
    }
    case 'venture.member_invited':
    case 'venture.member_joined':
    case 'venture.member_removed':
    case 'venture.member_role_changed':
    case 'task.assigned':
    case 'task.commented':
    case 'task.updated.v2':
      return composeTeamEmails(event, settings, preferences);
    case 'task.reminder_due':
      return composeReminderEmails(event, settings, preferences);
    case 'venture.at_risk':
    case 'program.digest_due':
      return composeProgramEmails(event, settings, preferences);
    case 'organization.member_invited':
      return composeOrganizationInvitation(event, settings);
    default:
      throw new NonRetryableError(`The mailer does not handle ${event.type} events`);
  }
}
