import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'venture-roadmap-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved !== null && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The scroll position on navigation, as a browser gives it to a site of separate pages: a new page
 * (link, redirect) starts at its top, or at its anchor when the address has one; Back and Forward (and a
 * reload) return to where the reader was on that entry. Positions are kept per history entry for the
 * tab's life (sessionStorage), like the data router's ScrollRestoration did.
 */
export function ScrollOnNavigate() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const currentKey = useRef(location.key);
  currentKey.current = location.key;

  useEffect(() => {
    positions.current ??= readPositions();
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions.current![currentKey.current] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // The first page of a visit stays where the browser put it (e.g. a pre-rendered page already scrolled).
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
