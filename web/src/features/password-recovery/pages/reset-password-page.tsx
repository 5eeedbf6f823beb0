import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
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
import { useT } from '../../../i18n/i18n';

interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Chooses a new password with the token from the e-mailed link (`?token=`). */
export function ResetPasswordPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = useResetPassword();
  const once = useSingleFlight();

  const onFinish = async (values: ResetPasswordValues) => {
    try {
      await reset.mutateAsync({ token, password: values.password });
    } catch (error) {
      notify.error(resetFailedToast(error));
      return;
    }
    notify.success(passwordResetToast);
    await navigate(paths.auth.getHref());
  };

  return (
    <div className="recovery-page">
      <Seo
        title={t('Reset your password')}
        description={t('Choose a new password for your Venture Roadmap account.')}
        path={paths.resetPassword.getHref()}
        noindex
      />
      <section className="recovery-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading" className="recovery-card__heading">
          {t('Reset your password')}
        </h1>
        {token === '' ? (
          <>
            <Alert type="error" showIcon title={t(INVALID_RESET_LINK)} />
            <p className="recovery-card__back">
              <Link to={paths.forgotPassword.getHref()}>{t('Request a new reset link')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="recovery-card__intro">
              {t('Choose a new password with at least {min} characters.', { min: MIN_NEW_PASSWORD_LENGTH })}
            </p>
            <Form<ResetPasswordValues>
              name="reset-password"
              layout="vertical"
              requiredMark={false}
              onFinish={once(onFinish)}
              disabled={reset.isPending}
            >
              <Form.Item
                label={t('New password')}
                name="password"
                rules={[
                  { required: true, message: t('New password required') },
                  {
                    min: MIN_NEW_PASSWORD_LENGTH,
                    message: t(PASSWORD_TOO_SHORT, { min: MIN_NEW_PASSWORD_LENGTH }),
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" placeholder={t('8+ characters')} size="large" />
              </Form.Item>
              <Form.Item
                label={t('Confirm new password')}
                name="confirmPassword"
                dependencies={['password']}
                rules={[
                  { required: true, message: t('Please confirm your new password') },
                  ({ getFieldValue }) => ({
                    validator: (_rule, value) =>
                      !value || getFieldValue('password') === value
                        ? Promise.resolve()
                        : Promise.reject(new Error(t(PASSWORDS_DONT_MATCH))),
                  }),
                ]}
              >
                <Input.Password
                  autoComplete="new-password"
                  placeholder={t('Repeat your password')}
                  size="large"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
                {reset.isPending ? t('Resetting...') : t('Reset password')}
              </Button>
            </Form>
          </>
        )}
        <p className="recovery-card__back">
          <Link to={paths.auth.getHref()}>{t('Back to sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
