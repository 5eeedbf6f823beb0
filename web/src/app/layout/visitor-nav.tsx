import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { HashLink } from '../../components/hash-link';
import { landingAnchors, paths } from '../../config/paths';
import { MOBILE_MENU_ID, takeEarlyMenuRequest } from './early-taps';
import { msg, useT } from '../../i18n/i18n';

/** The mobile menu closes once the window is at least this wide (spec §9). */
export const DESKTOP_MEDIA_QUERY = '(min-width: 768px)';

const sectionLinks = [
  { label: msg('Features'), href: landingAnchors.features.href, anchor: true },
  { label: msg('Pricing'), href: landingAnchors.pricing.href, anchor: true },
  { label: msg('Enterprise'), href: paths.enterprise.getHref(), anchor: false },
  { label: msg('About'), href: paths.about.getHref(), anchor: false },
  { label: msg('Contact'), href: paths.contact.getHref(), anchor: false },
] as const;

function NavLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const t = useT();
  return (
    <>
      {sectionLinks.map((link) => (
        <li key={link.href}>
          {link.anchor ? (
            <HashLink to={link.href} className={className} onNavigate={onNavigate}>
              {t(link.label)}
            </HashLink>
          ) : (
            <Link to={link.href} className={className} onClick={onNavigate}>
              {t(link.label)}
            </Link>
          )}
        </li>
      ))}
    </>
  );
}

/** The signed-out header: section links, Sign in and Get started, and a mobile menu. */
/** Three bars, or a cross once the menu is open: two strokes each, drawn inline (no icon runtime). */
function MenuToggleIcon({ open }: { open: boolean }) {
  return (
    <svg
      className="mobile-menu-toggle__icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={open ? 'M5 5l14 14M19 5L5 19' : 'M3 6h18M3 12h18M3 18h18'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function VisitorNav() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_MEDIA_QUERY);
    const closeOnDesktop = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    desktop.addEventListener('change', closeOnDesktop);
    return () => desktop.removeEventListener('change', closeOnDesktop);
  }, []);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  // After the effect above, which closes the menu on mount: a tap made before hydration still opens it.
  useEffect(() => {
    if (takeEarlyMenuRequest()) setMenuOpen(true);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <>
      <nav className="visitor-nav" aria-label={t('Main')}>
        <ul className="visitor-nav__links">
          <NavLinks className="visitor-nav__link" />
        </ul>
        <div className="visitor-nav__actions">
          <Link to={paths.auth.getHref()} className="button button--ghost">
            {t('Sign in')}
          </Link>
          <Link to={paths.auth.getHref()} className="button button--primary">
            {t('Get started')}
          </Link>
        </div>
      </nav>
      <button
        ref={toggleRef}
        type="button"
        className="mobile-menu-toggle"
        aria-label={menuOpen ? t('Close menu') : t('Open menu')}
        aria-expanded={menuOpen}
        aria-controls={MOBILE_MENU_ID}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <MenuToggleIcon open={menuOpen} />
      </button>
      <nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label={t('Mobile')} hidden={!menuOpen}>
        <ul className="mobile-menu__links">
          <NavLinks className="mobile-menu__link" onNavigate={closeMenu} />
          <li>
            <Link
              to={paths.auth.getHref()}
              className="button button--primary button--block"
              onClick={closeMenu}
            >
              {t('Sign in')}
            </Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
