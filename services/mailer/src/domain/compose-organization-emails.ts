import { NonRetryableError, type EventEnvelope } from '@app/common';
import { ORG_ROLE_LABELS, type OrgRole } from '@app/contracts';
import { z } from 'zod';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml, safeLink } from './html.ts';

/*
 * The e-mails of institution workspaces (issue 18). The staff invitation is essential (always sent, no
 * unsubscribe), like a venture invitation: its link is the only way in.
 */

const ROLE_ABILITIES: Readonly<Record<OrgRole, string>> = {
  orgAdmin: "manage the organization's settings, members, programs and templates, and read its audit log",
  programManager:
    "follow every venture in the organization's programs on the cohort dashboard and assign mentors",
  mentor: 'follow the ventures assigned to you, comment on them and verify completed tasks',
  founder: 'plan and track your venture with the organization’s roadmap',
};

const article = (label: string) => (/^[AEIOU]/.test(label) ? 'an' : 'a');

function sign(lines: string[]): string {
  return [...lines, '', '— The Venture Roadmap team'].join('\n');
}

/** `organization.member_invited`: the invitee gets the accept link (opened from its sealed form). */
export function composeOrganizationInvitation(
  event: EventEnvelope<'organization.member_invited'>,
  settings: MailSettings,
): OutgoingEmail[] {
  const d = event.data;
  const to = d.inviteeEmail.trim();
  if (!z.email().safeParse(to).success)
    throw new NonRetryableError('The invitee is not a valid e-mail address');
  const url = safeLink(settings.openSealed?.(d.sealedAcceptUrl) ?? '');
  if (!url) throw new NonRetryableError('The invitation link cannot be opened or is not an http(s) URL');
  const role = ORG_ROLE_LABELS[d.role];
  const expires = new Date(d.expiresAt).toUTCString();
  const joinAs =
    d.role === 'founder' && d.programName
      ? `as a founder in its program ${d.programName}`
      : `as ${article(role)} ${role}`;
  const paragraphs = [
    `${d.inviter.displayName} invited you to join ${d.organizationName} on Venture Roadmap ${joinAs}.`,
    `As ${article(role)} ${role} you can ${ROLE_ABILITIES[d.role]}.`,
    d.role === 'founder'
      ? 'Open the link to accept: sign in, or create an account with this address, and you join the program.'
      : 'Open the link to accept: sign in, or create an account with this address, and you land in the workspace.',
  ];
  const footnote = `The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.`;
  // One e-mail per event: a resend is a new event (and a new link), hence a new e-mail.
  return [
    {
      key: `${event.id}/org-invitation`,
      eventId: event.id,
      kind: 'org-invitation',
      to: { address: to },
      subject: headerText(`${d.inviter.displayName} invited you to ${d.organizationName} on Venture Roadmap`),
      text: sign([
        `Join ${d.organizationName}`,
        '',
        ...paragraphs,
        '',
        `Accept the invitation: ${url}`,
        '',
        footnote,
      ]),
      html: renderHtml({
        heading: `Join ${d.organizationName}`,
        paragraphs,
        button: { label: 'Accept the invitation', url },
        footnote,
      }),
    },
  ];
}
