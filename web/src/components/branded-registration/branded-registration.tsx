import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { brandVariables, safeLogoUrl } from '@app/contracts';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { msg, translate, useT } from '../../i18n/i18n';
import { SvgIcon } from '../svg-icon';
import './branded-registration.css';

/** What the branded page shows of an organization (spec §3: name, description, logo and colours). */
export interface Branding {
  name: string;
  description?: string | null;
  logoUrl?: string | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

/** The four benefits of registering through an organization (spec §2 "Organization registration"). */
export const ORGANIZATION_BENEFITS = [
  msg('Track progress with customized roadmaps'),
  msg('Organization-specific resources and support'),
  msg('Connect with mentors and peers'),
  msg('Tailored guidance'),
] as const;

export function registerHeading(name: string): string {
  return translate('Register with {name}', { name });
}

export function welcomeHeading(name: string): string {
  return translate('Welcome to {name}', { name });
}

/**
 * The organization's colours (the spec's defaults, legible text on each) as the CSS custom properties its
 * panels and Register button read (branded-registration.css, `BRANDED_BUTTON_STYLE`): all of them in the
 * root's one style attribute, which the gateway fills in the page's pre-rendered template (issue 22).
 */
export function brandStyle(branding: Branding): CSSProperties {
  return Object.fromEntries(brandVariables(branding)) as CSSProperties;
}

type HeadingLevel = 1 | 2 | 3;

function Heading({
  level,
  id,
  className,
  headingRef,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
      {children}
    </Tag>
  );
}

interface BrandedRegistrationProps {
  branding: Branding;
  /** The registration form (or, in the admin preview, a stand-in for it). */
  children: ReactNode;
  /** h1 on the public page; lower inside another page (the admin preview). */
  headingLevel?: HeadingLevel;
  /** Prefix for element ids, unique per instance on a page. */
  idPrefix?: string;
  /** Receives focus once the page has loaded. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The two panels of the organization-branded registration page: the form card with a header in the
 * primary colour, and the welcome panel in the primary colour. Purely presentational, and plain markup (issue 22:
 * the public registration page loads no antd; the admin preview renders it inside its antd page).
 */
export function BrandedRegistration({
  branding,
  children,
  headingLevel = 1,
  idPrefix = 'org',
  headingRef,
}: BrandedRegistrationProps) {
  const t = useT();
  const logo = safeLogoUrl(branding.logoUrl);
  const description = branding.description?.trim();
  const subLevel = Math.min(headingLevel + 1, 3) as HeadingLevel;
  const cardHeadingId = `${idPrefix}-register-heading`;
  const welcomeHeadingId = `${idPrefix}-welcome-heading`;

  return (
    <div className="branded-registration" data-testid="branded-registration" style={brandStyle(branding)}>
      <section className="branded-card" aria-labelledby={cardHeadingId}>
        <header className="branded-card__header" data-testid="branded-card-header">
          {logo && (
            <img
              className="branded-card__logo"
              src={logo}
              alt={t('{name} logo', { name: branding.name })}
              referrerPolicy="no-referrer"
            />
          )}
          <Heading
            level={headingLevel}
            id={cardHeadingId}
            className="branded-card__heading"
            headingRef={headingRef}
          >
            {registerHeading(branding.name)}
          </Heading>
        </header>
        <div className="branded-card__body">{children}</div>
      </section>
      <section className="branded-welcome" aria-labelledby={welcomeHeadingId} data-testid="branded-welcome">
        <Heading level={subLevel} id={welcomeHeadingId} className="branded-welcome__heading">
          {welcomeHeading(branding.name)}
        </Heading>
        {description && <p className="branded-welcome__description">{description}</p>}
        <ul className="branded-welcome__benefits">
          {ORGANIZATION_BENEFITS.map((benefit) => (
            <li key={benefit}>
              <SvgIcon icon={CheckCircleFilled} aria-hidden="true" />
              <span>{t(benefit)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The Register button's colours, inside `BrandedRegistration`: the organization's secondary colour, with
 * legible text on it.
 */
export const BRANDED_BUTTON_STYLE: CSSProperties = {
  backgroundColor: 'var(--brand-secondary)',
  borderColor: 'var(--brand-secondary)',
  color: 'var(--brand-on-secondary)',
};
