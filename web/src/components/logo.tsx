import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { site } from '../config/site';

interface LogoProps {
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

export function LogoMark() {
  return (
    <svg
      className="logo__mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#0f172a" />
      <path
        d="M8 22l6-6 4 4 6-8"
        fill="none"
        stroke="#60a5fa"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="12" r="2.5" fill="#ffffff" />
    </svg>
  );
}

/** The product logo; it always links to the home page. */
export function Logo({ inverted = false }: LogoProps) {
  return (
    <Link to={paths.home.getHref()} className={inverted ? 'logo logo--inverted' : 'logo'}>
      <LogoMark />
      <span className="logo__name">{site.name}</span>
    </Link>
  );
}
