import { useEffect, useRef, useState } from 'react';
import { emailAddressCheck } from '../../../components/plain-form/checks';
import { FormButton } from '../../../components/plain-form/form-button';
import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { msg, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useSingleFlight } from '../../../lib/single-flight';
import { useStartSso } from '../api/sso';

const EMPTY = { email: '' };
const CHECKS = { email: emailAddressCheck };

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
  const form = usePlainForm('sso-sign-in', EMPTY, CHECKS);

  useEffect(() => {
    if (open) emailRef.current?.focus();
  }, [open]);

  const onSubmit = once(async () => {
    if (!form.validate()) return;
    setProblem(null);
    try {
      const { redirectUrl } = await start.mutateAsync({ email: form.values.email.trim() });
      setRedirecting(true);
      window.location.assign(redirectUrl);
    } catch (error) {
      setProblem(failureText(error, msg('Single sign-on could not be started. Please try again.')));
    }
  });

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary button--large button--block auth-sso__open"
        aria-expanded={false}
        data-early-tap
        onClick={() => setOpen(true)}
      >
        {t('Continue with SSO')}
      </button>
    );
  }

  const busy = start.isPending || redirecting;
  return (
    <section className="auth-sso" aria-labelledby="auth-sso-heading">
      <h2 id="auth-sso-heading" className="auth-sso__heading">
        {t('Continue with SSO')}
      </h2>
      <p className="auth-sso__intro">
        {t("Enter your work email. You will continue at your organization's sign-in page.")}
      </p>
      <PlainFormElement name="sso-sign-in" busy={busy} onSubmit={() => void onSubmit()}>
        <PlainField
          form={form}
          name="email"
          label={t('Work email')}
          type="email"
          autoComplete="email"
          placeholder={t('you@your-organization.com')}
          readOnly={busy}
          inputRef={emailRef}
        />
        {problem ? (
          <PlainAlert tone="error" role="alert" title={problem} className="auth-sso__problem" />
        ) : null}
        <FormButton busy={busy}>{t('Continue')}</FormButton>
      </PlainFormElement>
    </section>
  );
}
