import type { OrgInvitationPreview } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf as tagFreeText } from '../../../testing/static-render';
import { orgInvitationPreviewQueryOptions } from '../api/org-invitation';
import { OrgInvitationCard } from './org-invitation-card';

const TOKEN = 'tok_org-123';

function textOf(html: string): string {
  return tagFreeText(html)
    .replace(/&#x27;/g, "'")
    .replace(/ ([.,])/g, '$1');
}

function render(preview: OrgInvitationPreview | null, token = TOKEN): string {
  const queryClient = createQueryClient();
  if (preview) queryClient.setQueryData(orgInvitationPreviewQueryOptions(token).queryKey, preview);
  return renderStatic(
    <OrgInvitationCard token={token} onUseOtherAccount={() => {}} switchingAccount={false} />,
    queryClient,
  );
}

const base: OrgInvitationPreview = {
  organizationName: 'Northgate Institute',
  organizationSlug: 'northgate',
  inviterName: 'Ann Lee',
  role: 'programManager',
  email: 'pat@example.com',
  expiresAt: '2027-03-08T09:00:00.000Z',
  viewer: { signedIn: false, email: null, emailMatches: null },
};

describe('the organization invitation page', () => {
  it('when a visitor opens the link signed out, then it names the organization, inviter and role, with sign-up and sign-in that come back', () => {
    const html = render(base);
    const text = textOf(html);
    expect(text).toContain('Join Northgate Institute');
    expect(text).toContain('Ann Lee invited pat@example.com to Northgate Institute as Program manager');
    const back = encodeURIComponent(`/org-invitation#token=${TOKEN}`);
    expect(html).toContain(`href="/auth?next=${back}&amp;mode=sign-up"`);
    expect(html).toContain(`href="/auth?next=${back}"`);
    expect(text).not.toContain('Accept invitation');
  });

  it('when the invited address is signed in, then it offers to accept', () => {
    const text = textOf(
      render({ ...base, viewer: { signedIn: true, email: 'pat@example.com', emailMatches: true } }),
    );
    expect(text).toContain('Accept invitation');
    expect(text).not.toContain('Sign up to accept');
  });

  it('when another address is signed in, then it offers to sign out and use the invited one, never to accept', () => {
    const text = textOf(
      render({ ...base, viewer: { signedIn: true, email: 'eve@example.com', emailMatches: false } }),
    );
    expect(text).toContain("It was sent to pat@example.com, but you're signed in as eve@example.com");
    expect(text).toContain('Sign out and use pat@example.com');
    expect(text).not.toContain('Accept invitation');
  });

  it('when the link lost its token, then it says the invitation cannot be used, without asking the server', () => {
    const text = textOf(render(null, ''));
    expect(text).toContain("This invitation can't be used");
    expect(text).toContain('invalid or has expired');
  });

  describe('in Spanish (issue 21)', () => {
    afterEach(() => activateLanguage('en'));

    it('names the organization, inviter and role, and what to do, in Spanish', async () => {
      await activateLanguage('es');
      const text = textOf(render(base));
      expect(text).toContain('Únete a Northgate Institute');
      expect(text).toContain(
        'Ann Lee invitó a pat@example.com a Northgate Institute como Responsable de programa',
      );
      expect(text).toContain('Regístrate para aceptar');
      const other = textOf(
        render({ ...base, viewer: { signedIn: true, email: 'eve@example.com', emailMatches: false } }),
      );
      expect(other).toContain('Se envió a pat@example.com, pero iniciaste sesión como eve@example.com');
      expect(other).toContain('Cerrar sesión y usar pat@example.com');
    });
  });
});
