import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BrandedRegistration } from '../../../components/branded-registration/branded-registration';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { SvgIcon } from '../../../components/svg-icon';
import { paths } from '../../../config/paths';
import { useOrganizationBySlug } from '../../../entities/organization/get-organization-by-slug';
import { useT } from '../../../i18n/i18n';
import { OrganizationRegistrationForm } from '../components/organization-registration-form';
import { organizationLookupMessage } from '../organization-messages';
import { organizationSeo } from '../organization-seo';
import '../organizations.css';

/**
 * /org/:slug: registration branded with an organization's name, logo and colours (spec §2, §4); also `/`
 * on the organization's custom domain (issue 19), which names it with `slug`. Plain markup, no antd (issue 22:
 * a public page, as light as the others).
 */
export function OrganizationRegistrationPage({ slug: hostSlug }: { slug?: string }) {
  const t = useT();
  const params = useParams<{ slug: string }>();
  const slug = hostSlug ?? params.slug ?? '';
  const navigate = useNavigate();
  const organization = useOrganizationBySlug(slug);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = organization.data !== undefined;

  useEffect(() => {
    // Once the branded page replaces the spinner, its heading takes focus (announces the organization);
    // not from a field the visitor went to while the page's HTML was shown before the app ran (issue 22).
    const active = document.activeElement;
    if (loaded && (active === null || active === document.body)) headingRef.current?.focus();
  }, [loaded]);

  if (organization.isPending) {
    return (
      <div className="org-page">
        <Seo title={t('Organization registration')} />
        <PageSpinner label={t('Loading organization')} />
      </div>
    );
  }

  if (organization.isError || !organization.data) {
    const message = t(organizationLookupMessage(organization.error));
    return (
      <div className="org-page">
        <Seo title={message} noindex />
        <div className="org-error-card" role="alert">
          <SvgIcon icon={ExclamationCircleFilled} className="org-error-card__icon" aria-hidden="true" />
          <h1 className="org-error-card__title">{message}</h1>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void navigate(paths.auth.getHref())}
          >
            {t('Go to main registration')}
          </button>
        </div>
      </div>
    );
  }

  const branding = organization.data;
  return (
    <div className="org-page">
      <Seo {...organizationSeo(branding)} />
      <BrandedRegistration branding={branding} headingRef={headingRef}>
        <OrganizationRegistrationForm slug={slug} />
      </BrandedRegistration>
    </div>
  );
}
