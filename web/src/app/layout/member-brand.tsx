import { poweredByText, safeLogoUrl, type MemberBrand } from '@app/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { useMemberBrand } from '../../entities/member-brand/get-member-brand';
import { useT } from '../../i18n/i18n';

/*
 * Issue 19, white label: what a member of an organization sees of its brand in the layout: its logo and
 * "<name> · powered by Venture Roadmap" in the header, its favicon, its support, terms and privacy links
 * in the footer. Everyone else keeps the platform's logo, favicon and footer. The layout loads this module
 * for signed-in users only (issue 22: visitors' pages carry none of it).
 */

/** The header's logo for a signed-in user: their organization's brand, or the platform's logo. */
export function MemberHeaderBrand() {
  const brand = useMemberBrand();
  useMemberFavicon(brand);
  return brand ? <MemberBrandLogo brand={brand} /> : <Logo />;
}

/** The footer's column of the signed-in user's organization links, if it has a brand with links. */
export function MemberFooterLinks() {
  const brand = useMemberBrand();
  return brand ? <MemberBrandLinks brand={brand} /> : null;
}

/** The header's logo for a member: the organization's logo (when it has one) and the powered-by text. */
export function MemberBrandLogo({ brand }: { brand: MemberBrand }) {
  const logo = safeLogoUrl(brand.logoUrl);
  return (
    <Link to={paths.home.getHref()} className="logo member-brand" data-testid="member-brand">
      {logo ? (
        <img className="member-brand__logo" src={logo} alt="" height={32} referrerPolicy="no-referrer" />
      ) : null}
      <span className="logo__name member-brand__name">{poweredByText(brand.name)}</span>
    </Link>
  );
}

/** The organization's favicon while the member's page is open (https only); the platform's comes back after. */
export function useMemberFavicon(brand: MemberBrand | null): void {
  const href =
    brand?.faviconUrl && safeLogoUrl(brand.faviconUrl)?.startsWith('https:') ? brand.faviconUrl : null;
  useEffect(() => {
    if (!href || typeof document === 'undefined') return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const before = { href: link.getAttribute('href'), type: link.getAttribute('type') };
    link.setAttribute('href', href);
    link.removeAttribute('type');
    return () => {
      if (before.href !== null) link.setAttribute('href', before.href);
      if (before.type !== null) link.setAttribute('type', before.type);
    };
  }, [href]);
}

/** The organization's own links (support, terms, privacy) in the footer; nothing when it set none. */
export function MemberBrandLinks({ brand }: { brand: MemberBrand }) {
  const t = useT();
  const links = [
    { label: t('Support'), href: brand.supportUrl },
    { label: t('Terms'), href: brand.termsUrl },
    { label: t('Privacy'), href: brand.privacyUrl },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href && safeLogoUrl(link.href)));
  if (links.length === 0) return null;
  return (
    <nav
      className="app-footer__column"
      aria-labelledby="footer-organization"
      data-testid="member-brand-links"
    >
      <h2 id="footer-organization" className="app-footer__heading">
        {brand.name}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {`${brand.name} ${link.label.toLowerCase()}`}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
