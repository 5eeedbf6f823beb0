import type { MemberBrand } from '@app/contracts';
import { createQueryClient } from '../../lib/query-client';
import { memberBrandQueryOptions } from '../../entities/member-brand/get-member-brand';
import { sessionUserQueryOptions, type SessionUser } from '../../entities/session-user/get-session-user';
import { sessionUserFixture } from '../../testing/fixtures';
import { renderStatic, textOf } from '../../testing/static-render';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MemberFooterLinks, MemberHeaderBrand } from './member-brand';

/* Issue 19, white label: what the layout shows a member of a branded organization, and everyone else. */

const brand: MemberBrand = {
  slug: 'northgate',
  name: 'Northgate Venture Lab',
  logoUrl: 'https://cdn.northgate.example/logo.png',
  faviconUrl: null,
  primaryColor: '#7C2D12',
  secondaryColor: '#FDBA74',
  supportUrl: 'https://northgate.example/help',
  termsUrl: null,
  privacyUrl: 'javascript:alert(1)',
};

const user = sessionUserFixture({ id: 'u-1', username: 'founder@example.com' });

function render(node: React.ReactNode, session: SessionUser | null, memberBrand?: MemberBrand | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, session);
  if (session && memberBrand !== undefined)
    queryClient.setQueryData(memberBrandQueryOptions(session.id).queryKey, memberBrand);
  return renderStatic(node, queryClient);
}

describe('the layout in a member organization’s brand', () => {
  it('when a member of a branded organization is signed in, then the header shows its logo and "<name> · powered by Venture Roadmap"', () => {
    const html = render(<MemberHeaderBrand />, user, brand);
    expect(textOf(html)).toContain('Northgate Venture Lab · powered by Venture Roadmap');
    expect(html).toContain('src="https://cdn.northgate.example/logo.png"');
    expect(html).toContain('data-testid="member-brand"');
  });

  it('when the member’s organization set links, then the footer lists its https ones only', () => {
    const html = render(<MemberFooterLinks />, user, brand);
    expect(html).toContain('href="https://northgate.example/help"');
    expect(textOf(html)).toContain('Northgate Venture Lab support');
    expect(html).not.toContain('javascript:');
    expect(textOf(html)).not.toContain('Northgate Venture Lab terms');
  });

  it('when the signed-in user belongs to no organization, then the header and footer are the platform’s', () => {
    const header = render(<MemberHeaderBrand />, user, null);
    expect(header).not.toContain('member-brand');
    expect(textOf(header)).toContain('Venture Roadmap');
    expect(textOf(header)).not.toContain('powered by');
    expect(render(<MemberFooterLinks />, user, null)).not.toContain('member-brand-links');
  });

  it('when nobody is signed in, then no brand shows, whatever was cached', () => {
    const html = render(<AppHeader />, null);
    expect(textOf(html)).not.toContain('powered by');
    expect(render(<AppFooter />, null)).not.toContain('member-brand-links');
  });
});
