import { INVITATION_PAGE_PATH, invitationLink } from '@app/contracts';
import { paths } from '../../../config/paths';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf as tagFreeText } from '../../../testing/static-render';
import { invitationPreviewQueryOptions, type InvitationPreview } from '../api/invitation';
import { InvitationCard } from './invitation-card';

const TOKEN = 'tok_abc-123';

/** The text as read: apostrophes decoded, no space left before punctuation that followed a tag. */
function textOf(html: string): string {
  return tagFreeText(html)
    .replace(/&#x27;/g, "'")
    .replace(/ ([.,])/g, '$1');
}

function render(preview: InvitationPreview): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(invitationPreviewQueryOptions(TOKEN).queryKey, preview);
  return renderStatic(
    <InvitationCard token={TOKEN} onUseOtherAccount={() => {}} switchingAccount={false} />,
    queryClient,
  );
}

const base: InvitationPreview = {
  ventureName: 'Harvest Cold Chain',
  inviterName: 'Ann Lee',
  role: 'editor',
  email: 'bo@example.com',
  expiresAt: '2026-12-02T09:00:00.000Z',
  viewer: { signedIn: false, email: null, emailMatches: null, alreadyMember: false },
};

describe('the invitation page', () => {
  it('when a visitor opens the link signed out, then it shows venture, inviter and role, and sign-up and sign-in that come back', () => {
    const html = render(base);
    const text = textOf(html);
    expect(text).toContain('Join Harvest Cold Chain');
    expect(text).toContain('Ann Lee invited bo@example.com to work on Harvest Cold Chain as Editor');
    const back = encodeURIComponent(`/invitation#token=${TOKEN}`);
    expect(html).toContain(`href="/auth?next=${back}&amp;mode=sign-up"`);
    expect(html).toContain(`href="/auth?next=${back}"`);
    expect(text).not.toContain('Accept invitation');
  });

  it('when the invited address is signed in, then it offers to accept', () => {
    const text = textOf(
      render({
        ...base,
        viewer: { signedIn: true, email: 'bo@example.com', emailMatches: true, alreadyMember: false },
      }),
    );
    expect(text).toContain('Accept invitation');
    expect(text).not.toContain('Sign up to accept');
  });

  it('when another address is signed in, then it asks which account should join instead of accepting', () => {
    const text = textOf(
      render({
        ...base,
        viewer: { signedIn: true, email: 'cy@example.com', emailMatches: false, alreadyMember: false },
      }),
    );
    expect(text).toContain('Which account should join?');
    expect(text).toContain(
      "This invitation was sent to bo@example.com, but you're signed in as cy@example.com.",
    );
    expect(text).toContain('Join as cy@example.com');
    expect(text).toContain('Sign out and use bo@example.com');
    expect(text).not.toContain('Accept invitation');
  });

  it('when the link has no token, then it says the invitation cannot be used, without asking the server', () => {
    const text = textOf(
      renderStatic(<InvitationCard token="" onUseOtherAccount={() => {}} switchingAccount={false} />),
    );
    expect(text).toContain("This invitation can't be used");
    expect(text).toContain('This invitation link is invalid or has expired');
  });

  it('the page is where the e-mails link to', () => {
    expect(paths.invitation.path).toBe(INVITATION_PAGE_PATH);
    expect(paths.invitation.getHref('a b')).toBe(invitationLink('', 'a b'));
  });

  it('when the signed-in user is a member already, then it only opens the venture', () => {
    const text = textOf(
      render({
        ...base,
        viewer: { signedIn: true, email: 'bo@example.com', emailMatches: true, alreadyMember: true },
      }),
    );
    expect(text).toContain("You're already a member of this venture.");
    expect(text).toContain('Open the venture');
  });
});

describe('the invitation page in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('says who invited whom to which venture with which role, and how to accept', () => {
    const text = textOf(render(base));
    expect(text).toContain('Únete a Harvest Cold Chain');
    expect(text).toContain('Ann Lee invitó a bo@example.com a trabajar en Harvest Cold Chain como Editor');
    expect(text).toContain('Regístrate para aceptar');
    expect(text).toContain('Inicia sesión para aceptar');
  });

  it('when another account is signed in, then it asks which one joins, in Spanish', () => {
    const text = textOf(
      render({
        ...base,
        viewer: { signedIn: true, email: 'ann@example.com', emailMatches: false, alreadyMember: false },
      }),
    );
    expect(text).toContain('¿Qué cuenta debe unirse?');
    expect(text).toContain(
      'Esta invitación se envió a bo@example.com, pero iniciaste sesión como ann@example.com',
    );
    expect(text).toContain('Unirme como ann@example.com');
    expect(text).toContain('Cerrar sesión y usar bo@example.com');
  });

  it('when the link has no token, then it says in Spanish that it cannot be used', () => {
    const text = textOf(
      renderStatic(<InvitationCard token="" onUseOtherAccount={() => {}} switchingAccount={false} />),
    );
    expect(text).toContain('Esta invitación no se puede usar');
    expect(text).toContain('Este enlace de invitación no es válido o ha caducado');
  });
});
