import { NonRetryableError, type EventEnvelope, type UnsubscribeKind } from '@app/common';
import { TASK_STATUS_LABELS, type EventMember, type EventPerson, type TaskStatus } from '@app/contracts';
import { z } from 'zod';
import type { EmailKind, MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml, safeLink } from './html.ts';
import { preferencesOf, type PreferencesLookup } from './preferences.ts';
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

function sign(lines: string[]): string {
  return [...lines, '', '— The Venture Roadmap team'].join('\n');
}

const ROLE_LABELS = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;
const ROLE_ABILITIES = {
  owner: 'manage the venture and its members, change task statuses, assign tasks and comment',
  editor: 'change task statuses, assign tasks and comment',
  viewer: 'read the roadmap and comment',
} as const;

interface Message {
  kind: EmailKind;
  to: EventPerson;
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
  const links = message.unsubscribe
    ? unsubscribeLinks(settings, message.to.userId, message.unsubscribe)
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
    subject: headerText(message.subject),
    text: sign([
      message.heading,
      '',
      ...message.paragraphs,
      '',
      `${message.button.label}: ${message.button.url}`,
      ...(message.footnote ? ['', message.footnote] : []),
      ...(links ? ['', links.textLine] : []),
    ]),
    html: renderHtml({
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

const statusLabel = (status: TaskStatus) => TASK_STATUS_LABELS[status];

/** The e-mails of one team event (digest entries aside: see `digestEntriesFor`). */
export function composeTeamEmails(
  event: EventEnvelope<TeamEventType>,
  settings: MailSettings,
  preferences: PreferencesLookup,
): OutgoingEmail[] {
  const out: Array<OutgoingEmail | null> = [];
  switch (event.type) {
    case 'venture.member_invited': {
      const d = event.data;
      const to = validAddress(d.inviteeEmail);
      if (!to) throw new NonRetryableError('The invitee is not a valid e-mail address');
      const url = safeLink(settings.openSealed?.(d.sealedAcceptUrl) ?? '');
      if (!url) throw new NonRetryableError('The invitation link cannot be opened or is not an http(s) URL');
      const role = ROLE_LABELS[d.role];
      const expires = new Date(d.expiresAt).toUTCString();
      const paragraphs = [
        `${d.inviter.displayName} invited you to join the venture ${d.ventureName} on Venture Roadmap as ${role === 'Editor' ? 'an' : 'a'} ${role}.`,
        `As ${role === 'Editor' ? 'an' : 'a'} ${role} you can ${ROLE_ABILITIES[d.role]}.`,
        'Open the link to accept: sign in, or create an account with this address, and you land on the roadmap.',
      ];
      const footnote = `The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.`;
      // The key holds the invitation, not only the event: a resend is a new event, hence a new e-mail.
      out.push({
        key: `${event.id}/invitation`,
        eventId: event.id,
        kind: 'invitation',
        to: { address: to },
        subject: headerText(`${d.inviter.displayName} invited you to ${d.ventureName} on Venture Roadmap`),
        text: sign([
          `Join ${d.ventureName}`,
          '',
          ...paragraphs,
          '',
          `Accept the invitation: ${url}`,
          '',
          footnote,
        ]),
        html: renderHtml({
          heading: `Join ${d.ventureName}`,
          paragraphs,
          button: { label: 'Accept the invitation', url },
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
        out.push(
          build(
            event,
            settings,
            {
              kind: 'member-joined',
              to: owner,
              subject: `${d.member.displayName} joined ${d.ventureName}`,
              heading: `${d.member.displayName} joined ${d.ventureName}`,
              paragraphs: [
                `${d.member.displayName} (${d.member.email}) accepted your invitation and is now ${d.member.role === 'editor' ? 'an' : 'a'} ${ROLE_LABELS[d.member.role]} of ${d.ventureName}.`,
                "You can change their role or remove them from the venture's members at any time.",
              ],
              button: { label: 'Open the venture', url: ventureUrl(settings, d.ventureId) },
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
      out.push(
        build(
          event,
          settings,
          {
            kind: 'member-removed',
            to: d.member,
            subject: `You were removed from ${d.ventureName}`,
            heading: `You were removed from ${d.ventureName}`,
            paragraphs: [
              `${d.actor.displayName} removed you from the venture ${d.ventureName}. You no longer have access to its roadmap.`,
              "If you think this is a mistake, ask the venture's owner to invite you again.",
            ],
            button: { label: 'Open Venture Roadmap', url: `${settings.publicUrl}/` },
          },
          true,
        ),
      );
      break;
    }
    case 'venture.member_role_changed': {
      const d = event.data;
      if (!different(d.member, d.actor)) break;
      const role = ROLE_LABELS[d.toRole];
      out.push(
        build(
          event,
          settings,
          {
            kind: 'member-role-changed',
            to: d.member,
            subject: `Your role in ${d.ventureName} is now ${role}`,
            heading: `Your role in ${d.ventureName} is now ${role}`,
            paragraphs: [
              `${d.actor.displayName} changed your role in ${d.ventureName} from ${ROLE_LABELS[d.fromRole]} to ${role}.`,
              `As ${d.toRole === 'editor' || d.toRole === 'owner' ? 'an' : 'a'} ${role} you can ${ROLE_ABILITIES[d.toRole]}.`,
            ],
            button: { label: 'Open the venture', url: ventureUrl(settings, d.ventureId) },
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
      out.push(
        build(
          event,
          settings,
          {
            kind: 'task-assigned',
            to: assignee,
            subject: `${d.actor.displayName} assigned you "${d.taskTitle}" (${d.ventureName})`,
            heading: 'A task was assigned to you',
            paragraphs: [
              `${d.actor.displayName} assigned you the task "${d.taskTitle}" of ${d.ventureName}.`,
              'Open the task to read its guide and see what is next.',
            ],
            button: { label: 'Open the task', url: taskUrl(settings, d.ventureId, d.taskId) },
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
        out.push(
          build(
            event,
            settings,
            {
              kind: 'comment-mention',
              to: member,
              subject: `${d.author.displayName} mentioned you on "${d.taskTitle}" (${d.ventureName})`,
              heading: `${d.author.displayName} mentioned you`,
              paragraphs: [
                `${d.author.displayName} wrote on the task "${d.taskTitle}" of ${d.ventureName}:`,
                quote,
              ],
              button: { label: 'Reply on the task', url: taskUrl(settings, d.ventureId, d.taskId) },
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
          out.push(
            build(
              event,
              settings,
              {
                kind: 'comment-on-assigned',
                to: assignee,
                subject: `New comment on "${d.taskTitle}" (${d.ventureName})`,
                heading: `${d.author.displayName} commented on your task`,
                paragraphs: [
                  `${d.author.displayName} wrote on "${d.taskTitle}" of ${d.ventureName}, a task assigned to you:`,
                  quote,
                ],
                button: { label: 'Open the task', url: taskUrl(settings, d.ventureId, d.taskId) },
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
      const from = statusLabel(d.fromStatus);
      const label = statusLabel(d.toStatus);
      for (const member of taskChangeRecipients(event, preferences).instant) {
        out.push(
          build(
            event,
            settings,
            {
              kind: 'task-change',
              to: member,
              subject: `${d.actor.displayName} moved "${d.taskTitle}" to ${label} (${d.ventureName})`,
              heading: `Task updated to ${label}`,
              paragraphs: [
                `${d.actor.displayName} moved the task "${d.taskTitle}" of ${d.ventureName} from ${from} to ${label}.`,
                'Open the roadmap to see the progress and pick the next step.',
              ],
              button: { label: 'Open the roadmap', url: ventureUrl(settings, d.ventureId) },
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
