import { Link } from 'react-router-dom';
import { emailAddressCheck } from '../../../components/plain-form/checks';
import { FormButton } from '../../../components/plain-form/form-button';
import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { RESET_LINK_SENT, resetRequestFailedToast } from '../recovery-messages';
import '../recovery.css';
import { forgotPasswordSeo } from '../recovery-seo';
import { useT } from '../../../i18n/i18n';

const EMPTY = { username: '' };
const CHECKS = { username: emailAddressCheck };

/** Asks for a password reset link by e-mail. Plain markup, no antd (issue 22). */
export function ForgotPasswordPage() {
  const t = useT();
  const notify = useNotify();
  const request = useRequestPasswordReset();
  const once = useSingleFlight();
  const form = usePlainForm('forgot-password', EMPTY, CHECKS);

  const onSubmit = once(async () => {
    if (!form.validate()) return;
    try {
      await request.mutateAsync({ username: form.values.username.trim() });
    } catch (error) {
      notify.error(resetRequestFailedToast(error));
    }
  });

  return (
    <div className="recovery-page">
      <Seo {...forgotPasswordSeo} />
      <section className="recovery-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading" className="recovery-card__heading">
          {t('Forgot your password?')}
        </h1>
        <p className="recovery-card__intro">
          {t(
            "Enter the e-mail address you signed up with and we'll send you a link to choose a new password.",
          )}
        </p>
        {request.isSuccess ? (
          <PlainAlert tone="success" title={t('Check your e-mail')} description={t(RESET_LINK_SENT)} />
        ) : (
          <PlainFormElement name="forgot-password" busy={request.isPending} onSubmit={() => void onSubmit()}>
            <PlainField
              form={form}
              name="username"
              label={t('Email')}
              type="email"
              autoComplete="email"
              placeholder={t('you@example.com')}
              readOnly={request.isPending}
            />
            <FormButton busy={request.isPending}>
              {request.isPending ? t('Sending...') : t('Send reset link')}
            </FormButton>
          </PlainFormElement>
        )}
        <p className="recovery-card__back">
          <Link to={paths.auth.getHref()}>{t('Back to sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
