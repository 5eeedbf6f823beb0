import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { RESET_LINK_SENT, resetRequestFailedToast } from '../recovery-messages';
import '../recovery.css';
import { useT } from '../../../i18n/i18n';

interface ForgotPasswordValues {
  username: string;
}

/** Asks for a password reset link by e-mail. */
export function ForgotPasswordPage() {
  const t = useT();
  const notify = useNotify();
  const request = useRequestPasswordReset();
  const once = useSingleFlight();

  const onFinish = async (values: ForgotPasswordValues) => {
    try {
      await request.mutateAsync({ username: values.username.trim() });
    } catch (error) {
      notify.error(resetRequestFailedToast(error));
    }
  };

  return (
    <div className="recovery-page">
      <Seo
        title={t('Forgot your password?')}
        description={t('Request a link to reset your Venture Roadmap password.')}
        path={paths.forgotPassword.getHref()}
        noindex
      />
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
          <Alert type="success" showIcon title={t('Check your e-mail')} description={t(RESET_LINK_SENT)} />
        ) : (
          <Form<ForgotPasswordValues>
            name="forgot-password"
            layout="vertical"
            requiredMark={false}
            onFinish={once(onFinish)}
            disabled={request.isPending}
          >
            <Form.Item
              label={t('Email')}
              name="username"
              rules={[
                { required: true, message: t('Please enter your email address') },
                { type: 'email', message: t('Please enter a valid email address') },
              ]}
            >
              <Input type="email" autoComplete="email" placeholder={t('you@example.com')} size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
              {request.isPending ? t('Sending...') : t('Send reset link')}
            </Button>
          </Form>
        )}
        <p className="recovery-card__back">
          <Link to={paths.auth.getHref()}>{t('Back to sign in')}</Link>
        </p>
      </section>
    </div>
  );
}
