import { NonRetryableError, type EventEnvelope } from '@app/common';
import type { OrgRole } from '@app/contracts';
import { z } from 'zod';
import { sign, translatorFor, type Translator } from '../i18n/translator.ts';
import type { MailSettings, OutgoingEmail } from './email.ts';
import { headerText, renderHtml, safeLink } from './html.ts';
import { languageOf, type LanguageByAddress, type PreferencesLookup } from './preferences.ts';

/*
 * The e-mails of institution workspaces (issue 18). The staff invitation is essential (always sent, no
 * unsubscribe), like a venture invitation: its link is the only way in.
 */

/** "As an Organization admin you can …": the role and what it may do. */
function roleAbilities({ t }: Translator, role: OrgRole): string {
  return t(
    "{role, select, orgAdmin {As an Organization admin you can manage the organization's settings, members, programs and templates, and read its audit log.} programManager {As a Program manager you can follow every venture in the organization's programs on the cohort dashboard and assign mentors.} mentor {As a Mentor you can follow the ventures assigned to you, comment on them and verify completed tasks.} other {As a Founder you can plan and track your venture with the organization’s roadmap.}}",
    { role },
  );
}

/**
 * `organization.member_invited`: the invitee gets the accept link (opened from its sealed form), in their
 * language when the read model knows their address as a user's, else in the inviter's (issue 21).
 */
export function composeOrganizationInvitation(
  event: EventEnvelope<'organization.member_invited'>,
  settings: MailSettings,
  preferences: PreferencesLookup = new Map(),
  languages: LanguageByAddress = new Map(),
): OutgoingEmail[] {
  const d = event.data;
  const to = d.inviteeEmail.trim();
  if (!z.email().safeParse(to).success)
    throw new NonRetryableError('The invitee is not a valid e-mail address');
  const url = safeLink(settings.openSealed?.(d.sealedAcceptUrl) ?? '');
  if (!url) throw new NonRetryableError('The invitation link cannot be opened or is not an http(s) URL');
  const tr = translatorFor(languages.get(to.toLowerCase()) ?? languageOf(preferences, d.inviter.userId));
  const { t } = tr;
  const names = { inviter: d.inviter.displayName, organizationName: d.organizationName };
  const invited =
    d.role === 'founder' && d.programName
      ? t(
          '{inviter} invited you to join {organizationName} on Venture Roadmap as a founder in its program {programName}.',
          { ...names, programName: d.programName },
        )
      : t(
          '{inviter} invited you to join {organizationName} on Venture Roadmap as {role, select, orgAdmin {an Organization admin} programManager {a Program manager} mentor {a Mentor} other {a Founder}}.',
          { ...names, role: d.role },
        );
  const paragraphs = [
    invited,
    roleAbilities(tr, d.role),
    d.role === 'founder'
      ? t(
          'Open the link to accept: sign in, or create an account with this address, and you join the program.',
        )
      : t(
          'Open the link to accept: sign in, or create an account with this address, and you land in the workspace.',
        ),
  ];
  const footnote = t(
    'The link works once and expires on {expires}. If you did not expect this invitation, ignore this e-mail.',
    { expires: tr.instant(d.expiresAt) },
  );
  const heading = t('Join {organizationName}', names);
  const accept = t('Accept the invitation');
  // One e-mail per event: a resend is a new event (and a new link), hence a new e-mail.
  return [
    {
      key: `${event.id}/org-invitation`,
      eventId: event.id,
      kind: 'org-invitation',
      to: { address: to },
      language: tr.language,
      subject: headerText(t('{inviter} invited you to {organizationName} on Venture Roadmap', names)),
      text: sign(tr, [heading, '', ...paragraphs, '', `${accept}: ${url}`, '', footnote]),
      html: renderHtml({
        language: tr.language,
        heading,
        paragraphs,
        button: { label: accept, url },
        footnote,
      }),
    },
  ];
}
