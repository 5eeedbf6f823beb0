import { NonRetryableError, type EventEnvelope, type UnsubscribeKind } from '@app/common';
import type { EventMember, EventPerson } from '@app/contracts';
import { z } from 'zod';
import { statusLabel, ventureRoleLabel } from '../i18n/labels.ts';
import { taskTitleFor } from '../i18n/task-title.ts';
import { sign, translatorFor, type Translator } from '../i18n/translator.ts';
import type { EmailKind, MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml, safeLink } from './html.ts';
import { languageOf, preferencesOf, type LanguageByAddress, type PreferencesLookup } from './preferences.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/*
 * The e-mails of a shared venture (issue 16): invitations, membership changes, assignments, comments and
 * task changes, each to the people the event names, under each one's preferences, never to the person who
 * acted. Pure: the caller looks the preferences up (the read model) before.
 *
 * Essential (always sent, no unsubscribe): the invitation, and the membership e-mails (you joined someone's
 * venture, you were removed, your role changed, someone joined your venture), which tell a user who can see
 * their work, like an account's security notices. Non-essential (preference-gated, one-click unsubscribe):
 * assignments, mentions, comments on one's task, task changes and their digest.
 */

export type TeamEventType =
  | 'venture.member_invited'
  | 'venture.member_joined'
  | 'venture.member_removed'
  | 'venture.member_role_changed'
  | 'task.assigned'
  | 'task.commented'
  | 'task.updated.v2';

const address = z.email();

/** A member's address, or null when it is not one (that member is skipped; the others still get theirs). */
function validAddress(value: string): string | null {
  const trimmed = value.trim();
  return address.safeParse(trimmed).success ? trimmed : null;
}

interface Message {
  kind: EmailKind;
  to: EventPerson;
  /** The recipient's language (issue 21): every text below is in it. */
  tr: Translator;
  subject: string;
  heading: string;
  paragraphs: string[];
  button: { label: string; url: string };
  footnote?: string;
  /** Non-essential: the preference a one-click unsubscribe turns off. */
  unsubscribe?: UnsubscribeKind;
}

function build(
  event: EventEnvelope,
  settings: MailSettings,
  message: Message,
  perRecipient: boolean,
): OutgoingEmail | null {
  const to = validAddress(message.to.email);
  if (!to) return null;
  const { tr } = message;
  const links = message.unsubscribe
    ? unsubscribeLinks(settings, message.to.userId, message.unsubscribe, tr)
    : null;
  const key = perRecipient
    ? `${event.id}/${message.kind}/${message.to.userId}`
    : `${event.id}/${message.kind}`;
  const name = message.to.displayName !== message.to.email ? headerText(message.to.displayName, 100) : '';
  return {
    key,
    eventId: event.id,
    kind: message.kind,
    to: name ? { name, address: to } : { address: to },
    language: tr.language,
    subject: headerText(message.subject),
    text: sign(tr, [
      message.heading,
      '',
      ...message.paragraphs,
      '',
      `${message.button.label}: ${message.button.url}`,
      ...(message.footnote ? ['', message.footnote] : []),
      ...(links ? ['', links.textLine] : []),
    ]),
    html: renderHtml({
      language: tr.language,
      heading: message.heading,
      paragraphs: message.paragraphs,
      button: message.button,
      ...(message.footnote ? { footnote: message.footnote } : {}),
      ...(links ? { unsubscribe: links.html } : {}),
    }),
    ...(links ? { listUnsubscribe: links.oneClick } : {}),
  };
}

const ventureUrl = (settings: MailSettings, ventureId: string) =>
  `${settings.publicUrl}/ventures/${encodeURIComponent(ventureId)}`;
const taskUrl = (settings: MailSettings, ventureId: string, taskId: string) =>
  `${ventureUrl(settings, ventureId)}?task=${encodeURIComponent(taskId)}`;

const different = (a: { userId: string }, b: { userId: string }) => a.userId !== b.userId;

/** Everyone an event may write to (whose preferences the caller looks up first). */
export function teamRecipientIds(event: EventEnvelope): string[] {
  switch (event.type) {
    case 'task.updated.v2':
      return event.data.notify.map((m) => m.userId);
    case 'task.assigned':
      return event.data.assignee ? [event.data.assignee.userId] : [];
    case 'task.commented':
      return [
        ...event.data.mentioned.map((m) => m.userId),
        ...(event.data.assignee ? [event.data.assignee.userId] : []),
      ];
    default:
      return [];
  }
}

/**
 * Who gets a task change of `task.updated.v2`, by their `taskChanges` preference: `instant` one e-mail
 * now, `daily` an entry in the day's digest, `off` nothing. The actor never.
 */
export function taskChangeRecipients(
  event: EventEnvelope<'task.updated.v2'>,
  preferences: PreferencesLookup,
): { instant: EventMember[]; daily: EventMember[] } {
  const instant: EventMember[] = [];
  const daily: EventMember[] = [];
  const seen = new Set<string>();
  for (const member of event.data.notify) {
    if (!different(member, event.data.actor) || seen.has(member.userId)) continue;
    seen.add(member.userId);
    const choice = preferencesOf(preferences, member.userId).taskChanges;
    if (choice === 'instant') instant.push(member);
    else if (choice === 'daily') daily.push(member);
  }
  return { instant, daily };
}

/** "As an Editor you can …": what the role may do. */
function invitedRoleAbilities({ t }: Translator, role: 'owner' | 'editor' | 'viewer'): string {
  return t(
    '{role, select, owner {As an Owner you can manage the venture and its members, change task statuses, assign tasks and comment.} editor {As an Editor you can change task statuses, assign tasks and comment.} other {As a Viewer you can read the roadmap and comment.}}',
    { role },
  );
}

function roleAbilities({ t }: Translator, role: 'owner' | 'editor' | 'viewer'): string {
  return t(
    '{role, select, owner {As an Owner you can manage the venture and its members, change task statuses, assign tasks and comment.} editor {As an Editor you can change task statuses, assign tasks and comment.} other {As a Viewer you can read the roadmap and comment.}}',
    { role },
  );
}

/** The e-mails of one team event (digest entries aside: see `digestEntriesFor`). */
export function composeTeamEmails(
  event: EventEnvelope<TeamEventType>,
  settings: MailSettings,
  preferences: PreferencesLookup,
  languages: LanguageByAddress = new Map(),
): OutgoingEmail[] {
  const out: Array<OutgoingEmail | null> = [];
  const trOf = (person: { userId: string }) => translatorFor(languageOf(preferences, person.userId));
  switch (event.type) {
    case 'venture.member_invited': {
      const d = event.data;
      const to = validAddress(d.inviteeEmail);
      if (!to) throw new NonRetryableError('The invitee is not a valid e-mail address');
      const url = safeLink(settings.openSealed?.(d.sealedAcceptUrl) ?? '');
      if (!url) throw new NonRetryableError('The invitation link cannot be opened or is not an http(s) URL');
      // Issue 21: an invitee known as a user reads their own language; anyone else, the inviter's.
      const tr = translatorFor(languages.get(to.toLowerCase()) ?? languageOf(preferences, d.inviter.userId));
      const { t } = tr;
      const paragraphs = [
        t(
          '{inviter} invited you to join the venture {ventureName} on Venture Roadmap as {role, select, editor {an Editor} owner {an Owner} other {a Viewer}}.',
          { inviter: d.inviter.displayName, ventureName: d.ventureName, role: d.role },
        ),
        invitedRoleAbilities(tr, d.role),
        t(
          'Open the link to accept: sign in, or create an account with this address, and you land on the roadmap.',
        ),
      ];
      const footnote = t(
        'The link works once and expires on {expires}. If you did not expect this invitation, ignore this e-mail.',
        { expires: tr.instant(d.expiresAt) },
      );
      const heading = t('Join {ventureName}', { ventureName: d.ventureName });
      const accept = t('Accept the invitation');
      // The key holds the invitation, not only the event: a resend is a new event, hence a new e-mail.
      out.push({
        key: `${event.id}/invitation`,
        eventId: event.id,
        kind: 'invitation',
        to: { address: to },
        language: tr.language,
        subject: headerText(
          t('{inviter} invited you to {ventureName} on Venture Roadmap', {
            inviter: d.inviter.displayName,
            ventureName: d.ventureName,
          }),
        ),
        text: sign(tr, [heading, '', ...paragraphs, '', `${accept}: ${url}`, '', footnote]),
        html: renderHtml({
          language: tr.language,
          heading,
          paragraphs,
          button: { label: accept, url },
          footnote,
        }),
      });
      break;
    }
    case 'venture.member_joined': {
      const d = event.data;
      const seen = new Set<string>();
      for (const owner of d.notify) {
        if (!different(owner, d.member) || seen.has(owner.userId)) continue;
        seen.add(owner.userId);
        const tr = trOf(owner);
        const { t } = tr;
        const joined = t('{member} joined {ventureName}', {
          member: d.member.displayName,
          ventureName: d.ventureName,
        });
        out.push(
          build(
            event,
            settings,
            {
              kind: 'member-joined',
              to: owner,
              tr,
              subject: joined,
              heading: joined,
              paragraphs: [
                t(
                  '{member} ({email}) accepted your invitation and is now {role, select, editor {an Editor} owner {an Owner} other {a Viewer}} of {ventureName}.',
                  {
                    member: d.member.displayName,
                    email: d.member.email,
                    role: d.member.role,
                    ventureName: d.ventureName,
                  },
                ),
                t("You can change their role or remove them from the venture's members at any time."),
              ],
              button: { label: t('Open the venture'), url: ventureUrl(settings, d.ventureId) },
            },
            true,
          ),
        );
      }
      break;
    }
    case 'venture.member_removed': {
      const d = event.data;
      if (d.left || !different(d.member, d.actor)) break;
      const tr = trOf(d.member);
      const { t } = tr;
      const removed = t('You were removed from {ventureName}', { ventureName: d.ventureName });
      out.push(
        build(
          event,
          settings,
          {
            kind: 'member-removed',
            to: d.member,
            tr,
            subject: removed,
            heading: removed,
            paragraphs: [
              t(
                '{actor} removed you from the venture {ventureName}. You no longer have access to its roadmap.',
                { actor: d.actor.displayName, ventureName: d.ventureName },
              ),
              t("If you think this is a mistake, ask the venture's owner to invite you again."),
            ],
            button: { label: t('Open Venture Roadmap'), url: `${settings.publicUrl}/` },
          },
          true,
        ),
      );
      break;
    }
    case 'venture.member_role_changed': {
      const d = event.data;
      if (!different(d.member, d.actor)) break;
      const tr = trOf(d.member);
      const { t } = tr;
      const role = ventureRoleLabel(tr, d.toRole);
      const now = t('Your role in {ventureName} is now {role}', { ventureName: d.ventureName, role });
      out.push(
        build(
          event,
          settings,
          {
            kind: 'member-role-changed',
            to: d.member,
            tr,
            subject: now,
            heading: now,
            paragraphs: [
              t('{actor} changed your role in {ventureName} from {previous} to {role}.', {
                actor: d.actor.displayName,
                ventureName: d.ventureName,
                previous: ventureRoleLabel(tr, d.fromRole),
                role,
              }),
              roleAbilities(tr, d.toRole),
            ],
            button: { label: t('Open the venture'), url: ventureUrl(settings, d.ventureId) },
          },
          true,
        ),
      );
      break;
    }
    case 'task.assigned': {
      const d = event.data;
      const assignee = d.assignee;
      if (!assignee || !different(assignee, d.actor)) break;
      if (!preferencesOf(preferences, assignee.userId).assignments) break;
      const tr = trOf(assignee);
      const { t } = tr;
      const names = {
        actor: d.actor.displayName,
        taskTitle: taskTitleFor(tr, d),
        ventureName: d.ventureName,
      };
      out.push(
        build(
          event,
          settings,
          {
            kind: 'task-assigned',
            to: assignee,
            tr,
            subject: t('{actor} assigned you "{taskTitle}" ({ventureName})', names),
            heading: t('A task was assigned to you'),
            paragraphs: [
              t('{actor} assigned you the task "{taskTitle}" of {ventureName}.', names),
              t('Open the task to read its guide and see what is next.'),
            ],
            button: { label: t('Open the task'), url: taskUrl(settings, d.ventureId, d.taskId) },
            unsubscribe: 'assignments',
          },
          true,
        ),
      );
      break;
    }
    case 'task.commented': {
      const d = event.data;
      const told = new Set<string>([d.author.userId]);
      const quote = d.body.length > 1000 ? `${d.body.slice(0, 999)}…` : d.body;
      for (const member of d.mentioned) {
        if (told.has(member.userId)) continue;
        told.add(member.userId);
        if (!preferencesOf(preferences, member.userId).mentions) continue;
        const tr = trOf(member);
        const { t } = tr;
        const names = {
          author: d.author.displayName,
          taskTitle: taskTitleFor(tr, d),
          ventureName: d.ventureName,
        };
        out.push(
          build(
            event,
            settings,
            {
              kind: 'comment-mention',
              to: member,
              tr,
              subject: t('{author} mentioned you on "{taskTitle}" ({ventureName})', names),
              heading: t('{author} mentioned you', names),
              paragraphs: [t('{author} wrote on the task "{taskTitle}" of {ventureName}:', names), quote],
              button: { label: t('Reply on the task'), url: taskUrl(settings, d.ventureId, d.taskId) },
              unsubscribe: 'mentions',
            },
            true,
          ),
        );
      }
      // The assignee hears of comments on their task (unless they wrote it, or were just mentioned in it:
      // a mention e-mail, or a mention they chose not to get, is enough).
      const assignee = d.assignee;
      if (assignee && !told.has(assignee.userId)) {
        if (preferencesOf(preferences, assignee.userId).taskChanges !== 'off') {
          const tr = trOf(assignee);
          const { t } = tr;
          const names = {
            author: d.author.displayName,
            taskTitle: taskTitleFor(tr, d),
            ventureName: d.ventureName,
          };
          out.push(
            build(
              event,
              settings,
              {
                kind: 'comment-on-assigned',
                to: assignee,
                tr,
                subject: t('New comment on "{taskTitle}" ({ventureName})', names),
                heading: t('{author} commented on your task', names),
                paragraphs: [
                  t('{author} wrote on "{taskTitle}" of {ventureName}, a task assigned to you:', names),
                  quote,
                ],
                button: { label: t('Open the task'), url: taskUrl(settings, d.ventureId, d.taskId) },
                unsubscribe: 'taskChanges',
              },
              true,
            ),
          );
        }
      }
      break;
    }
    case 'task.updated.v2': {
      const d = event.data;
      for (const member of taskChangeRecipients(event, preferences).instant) {
        const tr = trOf(member);
        const { t } = tr;
        const names = {
          actor: d.actor.displayName,
          taskTitle: taskTitleFor(tr, d),
          ventureName: d.ventureName,
          previous: statusLabel(tr, d.fromStatus),
          status: statusLabel(tr, d.toStatus),
        };
        out.push(
          build(
            event,
            settings,
            {
              kind: 'task-change',
              to: member,
              tr,
              subject: t('{actor} moved "{taskTitle}" to {status} ({ventureName})', names),
              heading: t('Task updated to {status}', names),
              paragraphs: [
                t(
                  '{actor} moved the task "{taskTitle}" of {ventureName} from {previous} to {status}.',
                  names,
                ),
                t('Open the roadmap to see the progress and pick the next step.'),
              ],
              button: { label: t('Open the roadmap'), url: ventureUrl(settings, d.ventureId) },
              unsubscribe: 'taskChanges',
            },
            true,
          ),
        );
      }
      break;
    }
  }
  return out.filter((email): email is OutgoingEmail => email !== null);
}
