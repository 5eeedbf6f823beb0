import { SSO_ERROR_MESSAGES, type SsoErrorReason } from '@app/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { ssoErrorSeo } from '../sso-error-seo';
import '../auth.css';

const isReason = (value: string | null): value is SsoErrorReason =>
  value !== null && Object.prototype.hasOwnProperty.call(SSO_ERROR_MESSAGES, value);

/**
 * Issue 19: where a refused SSO sign-in lands (`/auth/sso-error?reason=…`, set by the auth service): what
 * went wrong in words, and the way back. Nobody is signed in. Pre-rendered once for each reason and once
 * without one (issue 22: `reason=<reason>.html` beside its `index.html`; the gateway serves it by the query).
 */
export function SsoErrorPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const reason = searchParams.get('reason');
  // The reasons' texts are the contracts' (the server's); the Spanish catalogue holds them too.
  const message = isReason(reason)
    ? t(SSO_ERROR_MESSAGES[reason])
    : t(
        'The single sign-on did not complete, so you were not signed in. Start again with "Continue with SSO".',
      );
  return (
    <div className="auth-page auth-page--single">
      <Seo {...ssoErrorSeo} />
      <section className="auth-card" aria-labelledby="sso-error-heading">
        <h1 id="sso-error-heading" className="auth-card__heading">
          {t('Single sign-on failed')}
        </h1>
        <PlainAlert tone="error" role="alert" title={t('You were not signed in')} description={message} />
        <p className="auth-card__switch">
          <Link to={paths.auth.getHref()}>{t('Back to sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
