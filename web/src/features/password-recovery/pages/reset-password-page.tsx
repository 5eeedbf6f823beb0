import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { minLengthCheck, sameAsCheck } from '../../../components/plain-form/checks';
import { FormButton } from '../../../components/plain-form/form-button';
import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useResetPassword } from '../api/reset-password';
import {
  INVALID_RESET_LINK,
  MIN_NEW_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DONT_MATCH,
  passwordResetToast,
  resetFailedToast,
} from '../recovery-messages';
import '../recovery.css';
import { resetPasswordSeo } from '../recovery-seo';
import { translate, useT } from '../../../i18n/i18n';

type Field = 'password' | 'confirmPassword';

const EMPTY: Record<Field, string> = { password: '', confirmPassword: '' };
const CHECKS = {
  password: minLengthCheck(
    MIN_NEW_PASSWORD_LENGTH,
    () => translate('New password required'),
    () => translate(PASSWORD_TOO_SHORT, { min: MIN_NEW_PASSWORD_LENGTH }),
  ),
  confirmPassword: sameAsCheck(
    'password',
    () => translate('Please confirm your new password'),
    () => translate(PASSWORDS_DONT_MATCH),
  ),
};
/** The confirmation re-checks as the password changes (antd's `dependencies`). */
const DEPENDENTS: Partial<Record<Field, readonly Field[]>> = { password: ['confirmPassword'] };

/** Chooses a new password with the token from the e-mailed link (`?token=`). Plain markup, no antd (issue 22). */
export function ResetPasswordPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  const once = useSingleFlight();

  const form = usePlainForm<Field>('reset-password', EMPTY, CHECKS, DEPENDENTS);

  const onSubmit = once(async () => {
    if (!form.validate()) return;
    try {
      await reset.mutateAsync({ token, password: form.values.password });
    } catch (error) {
      notify.error(resetFailedToast(error));
      return;
    }
    notify.success(passwordResetToast);
    await navigate(paths.auth.getHref());
  });

  return (
    <div className="recovery-page">
      <Seo {...resetPasswordSeo} />
      <section className="recovery-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading" className="recovery-card__heading">
          {t('Reset your password')}
        </h1>
        {token === '' ? (
          <>
            <PlainAlert tone="error" title={t(INVALID_RESET_LINK)} />
            <p className="recovery-card__back">
              <Link to={paths.forgotPassword.getHref()}>{t('Request a new reset link')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="recovery-card__intro">
              {t('Choose a new password with at least {min} characters.', { min: MIN_NEW_PASSWORD_LENGTH })}
            </p>
            <PlainFormElement name="reset-password" busy={reset.isPending} onSubmit={() => void onSubmit()}>
              <PlainField
                form={form}
                name="password"
                label={t('New password')}
                type="password"
                autoComplete="new-password"
                placeholder={t('8+ characters')}
                readOnly={reset.isPending}
              />
              <PlainField
                form={form}
                name="confirmPassword"
                label={t('Confirm new password')}
                type="password"
                autoComplete="new-password"
                placeholder={t('Repeat your password')}
                readOnly={reset.isPending}
              />
              <FormButton busy={reset.isPending}>
                {reset.isPending ? t('Resetting...') : t('Reset password')}
              </FormButton>
            </PlainFormElement>
          </>
        )}
        <p className="recovery-card__back">
          <Link to={paths.auth.getHref()}>{t('Back to sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
