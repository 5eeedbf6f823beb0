import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

interface HashLinkProps {
  /** A path with an anchor, e.g. `/#features`. */
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}

export function scrollToAnchor(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : behavior, block: 'start' });
  return true;
}

/**
 * A link to an anchor on a page. The router does not scroll when only the hash changes
 * (or does not change at all), so on the target page this link scrolls by itself.
 */
export function HashLink({ to, children, className, onNavigate }: HashLinkProps) {
  const location = useLocation();
  const hashIndex = to.indexOf('#');
  const pathname = hashIndex === -1 ? to : to.slice(0, hashIndex) || '/';
  const id = hashIndex === -1 ? '' : decodeURIComponent(to.slice(hashIndex + 1));

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    if (id !== '' && location.pathname === pathname && scrollToAnchor(id)) {
      event.preventDefault();
    }
  };

  return (
    <Link to={to} className={className} onClick={handleClick}>
      {children}
    </Link>
  );
}
