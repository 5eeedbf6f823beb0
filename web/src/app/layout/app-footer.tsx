import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { HashLink } from '../../components/hash-link';
import { Logo } from '../../components/logo';
import { landingAnchors, paths } from '../../config/paths';
import { site } from '../../config/site';
import { useSessionUser } from '../../entities/session-user/get-session-user';
import { onDemandPage } from '../lazy-page';
import { msg, useT } from '../../i18n/i18n';

// Issue 19: a member of an organization also gets its support, terms and privacy links (signed-in only).
const MemberFooterLinks = onDemandPage('MemberFooterLinks');

const platformLinks = [
  { label: msg('Features'), href: landingAnchors.features.href, anchor: true },
  { label: msg('Pricing'), href: landingAnchors.pricing.href, anchor: true },
  { label: msg('Enterprise'), href: paths.enterprise.getHref(), anchor: false },
  { label: msg('Get started'), href: paths.auth.getHref(), anchor: false },
] as const;

const companyLinks = [
  { label: msg('About'), href: paths.about.getHref() },
  { label: msg('Contact'), href: paths.contact.getHref() },
] as const;

/** The legal pages (issue 20: real pages where the spec had mock links). */
const legalLinks = [
  { label: msg('Terms'), href: paths.terms.getHref() },
  { label: msg('Privacy'), href: paths.privacy.getHref() },
  { label: msg('Cookies'), href: paths.cookies.getHref() },
] as const;

export function AppFooter() {
  const t = useT();
  const year = new Date().getFullYear();
  const { data: user } = useSessionUser();
  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__brand">
          <Logo inverted />
          <p>
            {t(
              'Guided roadmaps that help founders plan, track and grow their ventures, from the first idea to launch day.',
            )}
          </p>
        </div>
        <nav className="app-footer__column" aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="app-footer__heading">
            {t('Platform')}
          </h2>
          <ul>
            {platformLinks.map((link) => (
              <li key={link.label}>
                {link.anchor ? (
                  <HashLink to={link.href}>{t(link.label)}</HashLink>
                ) : (
                  <Link to={link.href}>{t(link.label)}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <nav className="app-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="app-footer__heading">
            {t('Company')}
          </h2>
          <ul>
            {companyLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.href}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {user ? (
          <Suspense fallback={null}>
            <MemberFooterLinks />
          </Suspense>
        ) : null}
      </div>
      <div className="app-footer__bottom">
        {/* The pre-rendered pages carry the build's year: a page hydrated in a later year keeps quiet. */}
        <p suppressHydrationWarning>
          {t('© {year} {name}. All rights reserved.', { year, name: site.name })}
        </p>
        <ul className="app-footer__legal">
          {legalLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.href}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
