import { NonRetryableError, type EventEnvelope } from '@app/common';
import { z } from 'zod';
import { statusLabel } from '../i18n/labels.ts';
import { taskTitleFor } from '../i18n/task-title.ts';
import { sign, translatorFor } from '../i18n/translator.ts';
import { composeOrganizationInvitation } from './compose-organization-emails.ts';
import { composeProgramEmails, programRecipientIds } from './compose-program-emails.ts';
import { composeReminderEmails } from './compose-reminder-emails.ts';
import { composeTeamEmails, teamRecipientIds } from './compose-team-emails.ts';
import type { EmailKind, MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml, safeLink } from './html.ts';
import { languageOf, preferencesOf, type LanguageByAddress, type PreferencesLookup } from './preferences.ts';
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

/**
 * The users whose preferences (and language) decide an event's e-mails, looked up before `composeEmails`;
 * for an invitation, the inviter (whose language an invitee not known as a user gets).
 */
export function recipientIds(event: EventEnvelope): string[] {
  if (event.type === 'task.updated') return [event.data.ownerId];
  if (event.type === 'task.reminder_due') return [event.data.recipient.userId];
  if (event.type === 'venture.at_risk' || event.type === 'program.digest_due')
    return programRecipientIds(event);
  if (event.type === 'venture.member_invited' || event.type === 'organization.member_invited')
    return [event.data.inviter.userId];
  return teamRecipientIds(event);
}

/**
 * Issue 21: the recipients an event names only by address (invitees), whose language the read model may
 * know (`LanguageByAddress`), looked up before `composeEmails`.
 */
export function recipientAddresses(event: EventEnvelope): string[] {
  if (event.type === 'venture.member_invited' || event.type === 'organization.member_invited')
    return [event.data.inviteeEmail.trim().toLowerCase()];
  return [];
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
 * The e-mails an event asks for, with their plain-text and HTML bodies, each in its recipient's language
 * (issue 21). Pure: no I/O. User text is escaped in HTML and flattened in headers, and never translated;
 * links are built from the public URL. `preferences` holds the kept preferences (and language) of the users
 * the event may write to (`recipientIds`); absent users have the defaults. `languages` holds the languages of
 * the invitees known as users (`recipientAddresses`). Task changes a recipient wants daily are not e-mails
 * here but digest entries (`digestEntriesFor`).
 */
export function composeEmails(
  event: EventEnvelope,
  settings: MailSettings,
  preferences: PreferencesLookup = new Map(),
  languages: LanguageByAddress = new Map(),
): OutgoingEmail[] {
  const app = settings.publicUrl;
  switch (event.type) {
    case 'user.registered': {
      const to = recipient(event.data.username, 'The new account');
      const tr = translatorFor(event.data.language);
      const { t } = tr;
      const url = `${app}/`;
      const paragraphs = [
        t('Your Venture Roadmap account {address} is ready.', { address: to }),
        t(
          'Create your first venture and we will lay out a step-by-step roadmap for it: validation, product, funding and growth tasks, each with a guide. Mark tasks as you go and watch your progress rise.',
        ),
      ];
      const heading = t('Welcome to Venture Roadmap!');
      const open = t('Open Venture Roadmap');
      return [
        email(event, 'welcome', {
          to: { address: to },
          language: tr.language,
          subject: t('Welcome to Venture Roadmap'),
          text: sign(tr, [heading, '', ...paragraphs, '', `${open}: ${url}`]),
          html: renderHtml({
            language: tr.language,
            heading,
            paragraphs,
            button: { label: open, url },
          }),
        }),
      ];
    }
    case 'password.reset_requested': {
      const to = recipient(event.data.username, 'The account');
      const url = safeLink(event.data.resetUrl);
      if (!url) throw new NonRetryableError('The reset link is not an http(s) URL');
      const tr = translatorFor(event.data.language);
      const { t } = tr;
      const paragraphs = [
        t('Someone asked to reset the password of the Venture Roadmap account {address}.', { address: to }),
        t(
          'Use the link below to choose a new password. If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ),
      ];
      const footnote = t('The link works once and expires on {expires}.', {
        expires: tr.instant(event.data.expiresAt),
      });
      const heading = t('Reset your password');
      return [
        email(event, 'password-reset', {
          to: { address: to },
          language: tr.language,
          subject: t('Reset your Venture Roadmap password'),
          text: sign(tr, [heading, '', ...paragraphs, '', url, '', footnote]),
          html: renderHtml({
            language: tr.language,
            heading,
            paragraphs,
            button: { label: t('Choose a new password'), url },
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
      const tr = translatorFor(languageOf(preferences, d.ownerId));
      const { t } = tr;
      const links = unsubscribeLinks(settings, d.ownerId, 'taskChanges', tr);
      const to = recipient(d.ownerUsername, 'The venture owner');
      const status = statusLabel(tr, d.toStatus);
      const previous = statusLabel(tr, d.fromStatus);
      const url = `${app}/ventures/${encodeURIComponent(d.ventureId)}`;
      const taskTitle = taskTitleFor(tr, d);
      const paragraphs = [
        t('The task "{taskTitle}" of your venture {ventureName} is now {status} (it was {previous}).', {
          taskTitle,
          ventureName: d.ventureName,
          status,
          previous,
        }),
        t('Open the roadmap to see your progress and pick the next step.'),
      ];
      const heading = t('Task updated to {status}', { status });
      return [
        email(event, 'task-status', {
          to: { address: to },
          language: tr.language,
          subject: t('Task updated to {status}: {taskTitle} ({ventureName})', {
            status,
            taskTitle,
            ventureName: d.ventureName,
          }),
          text: [
            sign(tr, [heading, '', ...paragraphs, '', `${t('Venture roadmap')}: ${url}`]),
            ...(links ? ['', links.textLine] : []),
          ].join('\n'),
          html: renderHtml({
            language: tr.language,
            heading,
            paragraphs,
            button: { label: t('Open the roadmap'), url },
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
      // The team's own inbox: English, the team's working language (not a user's e-mail).
      const notice = email(event, 'contact-notice', {
        to: { address: inbox },
        language: 'en',
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
      // submitted (name, subject, message), so it cannot carry a stranger's text to someone's inbox. The
      // sender is nobody the mailer knows: the language they wrote from (issue 21), else English.
      const tr = translatorFor(d.language);
      const { t } = tr;
      const ackParagraphs =
        d.kind === 'enterprise'
          ? [
              t('Hello,'),
              t(
                'Thank you for your interest in Venture Roadmap for your organization. Our team will contact you shortly to discuss enterprise options.',
              ),
            ]
          : [
              t('Hello,'),
              t(
                "Thank you for reaching out. We received your message and we'll get back to you as soon as possible.",
              ),
            ];
      const notYou = t('If you did not write to us, you can ignore this e-mail.');
      const ack = email(event, 'contact-ack', {
        to: { address: sender },
        language: tr.language,
        subject:
          d.kind === 'enterprise' ? t('We received your enterprise inquiry') : t('We received your message'),
        text: sign(tr, [...ackParagraphs, '', notYou]),
        html: renderHtml({
          language: tr.language,
          heading:
            d.kind === 'enterprise' ? t('Thank you for your inquiry') : t('Thank you for your message'),
          paragraphs: [...ackParagraphs, notYou],
          button: { label: t('Visit Venture Roadmap'), url: `${app}/` },
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
      return composeTeamEmails(event, settings, preferences, languages);
    case 'task.reminder_due':
      return composeReminderEmails(event, settings, preferences);
    case 'venture.at_risk':
    case 'program.digest_due':
      return composeProgramEmails(event, settings, preferences);
    case 'organization.member_invited':
      return composeOrganizationInvitation(event, settings, preferences, languages);
    default:
      throw new NonRetryableError(`The mailer does not handle ${event.type} events`);
  }
}
