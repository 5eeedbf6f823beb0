import { CheckCircleFilled } from '@ant-design/icons';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@app/contracts';
import { Button, type ButtonProps } from 'antd';
import type { ReactNode, Ref } from 'react';
import { msg, translate, useT } from '../../i18n/i18n';
import { colorOrDefault, readableTextColor, safeLogoUrl } from './brand-colors';
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

/** The organization's colours, with the spec's defaults and legible text on each. */
export function brandPalette(branding: Branding) {
  const primary = colorOrDefault(branding.primaryColor, DEFAULT_PRIMARY_COLOR);
  const secondary = colorOrDefault(branding.secondaryColor, DEFAULT_SECONDARY_COLOR);
  return {
    primary,
    onPrimary: readableTextColor(primary),
    secondary,
    onSecondary: readableTextColor(secondary),
  };
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
 * primary colour, and the welcome panel in the primary colour. Purely presentational.
 */
export function BrandedRegistration({
  branding,
  children,
  headingLevel = 1,
  idPrefix = 'org',
  headingRef,
}: BrandedRegistrationProps) {
  const t = useT();
  const palette = brandPalette(branding);
  const logo = safeLogoUrl(branding.logoUrl);
  const description = branding.description?.trim();
  const subLevel = Math.min(headingLevel + 1, 3) as HeadingLevel;
  const cardHeadingId = `${idPrefix}-register-heading`;
  const welcomeHeadingId = `${idPrefix}-welcome-heading`;

  return (
    <div className="branded-registration" data-testid="branded-registration">
      <section className="branded-card" aria-labelledby={cardHeadingId}>
        <header
          className="branded-card__header"
          data-testid="branded-card-header"
          style={{ backgroundColor: palette.primary, color: palette.onPrimary }}
        >
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
      <section
        className="branded-welcome"
        aria-labelledby={welcomeHeadingId}
        data-testid="branded-welcome"
        style={{ backgroundColor: palette.primary, color: palette.onPrimary }}
      >
        <Heading level={subLevel} id={welcomeHeadingId} className="branded-welcome__heading">
          {welcomeHeading(branding.name)}
        </Heading>
        {description && <p className="branded-welcome__description">{description}</p>}
        <ul className="branded-welcome__benefits">
          {ORGANIZATION_BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CheckCircleFilled aria-hidden="true" style={{ color: palette.secondary }} />
              <span>{t(benefit)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The Register button in the organization's secondary colour. */
export function BrandedButton({ branding, style, ...props }: ButtonProps & { branding: Branding }) {
  const palette = brandPalette(branding);
  return (
    <Button
      type="primary"
      {...props}
      style={{
        backgroundColor: palette.secondary,
        borderColor: palette.secondary,
        color: palette.onSecondary,
        ...style,
      }}
    />
  );
}
