import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { msg, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/single-flight';
import { useStartSso } from '../api/sso';

interface SsoValues {
  email: string;
}

/**
 * Issue 19: "Continue with SSO" under the sign-in form. It asks for the work e-mail; its domain picks the
 * organization, and the browser goes to that organization's identity provider (and comes back signed in).
 */
export function SsoSignIn() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartSso();
  const once = useSingleFlight();
  const emailRef = useRef<HTMLInputElement | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (open) emailRef.current?.focus();
  }, [open]);

  const onFinish = once(async (values: SsoValues) => {
    setProblem(null);
    try {
      const { redirectUrl } = await start.mutateAsync({ email: values.email.trim() });
      setRedirecting(true);
      window.location.assign(redirectUrl);
    } catch (error) {
      setProblem(failureText(error, msg('Single sign-on could not be started. Please try again.')));
    }
  });

  if (!open) {
    return (
      <Button
        htmlType="button"
        size="large"
        block
        className="auth-sso__open"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        {t('Continue with SSO')}
      </Button>
    );
  }

  return (
    <section className="auth-sso" aria-labelledby="auth-sso-heading">
      <h2 id="auth-sso-heading" className="auth-sso__heading">
        {t('Continue with SSO')}
      </h2>
      <p className="auth-sso__intro">
        {t("Enter your work email. You will continue at your organization's sign-in page.")}
      </p>
      <Form<SsoValues>
        name="sso-sign-in"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        disabled={start.isPending || redirecting}
      >
        <Form.Item
          label={t('Work email')}
          name="email"
          rules={[
            { required: true, message: t('Please enter your email address') },
            { type: 'email', message: t('Please enter a valid email address') },
          ]}
        >
          <Input
            ref={(input) => {
              emailRef.current = input?.input ?? null;
            }}
            type="email"
            autoComplete="email"
            placeholder={t('you@your-organization.com')}
            size="large"
          />
        </Form.Item>
        {problem ? (
          <Alert type="error" showIcon role="alert" title={problem} className="auth-sso__problem" />
        ) : null}
        <Button type="primary" htmlType="submit" size="large" block loading={start.isPending || redirecting}>
          {t('Continue')}
        </Button>
      </Form>
    </section>
  );
}
