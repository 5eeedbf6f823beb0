import { LIMITS } from '@app/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { emailAddressCheck, minLengthCheck, requiredCheck } from '../../../components/plain-form/checks';
import { FormButton } from '../../../components/plain-form/form-button';
import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import type { Credentials } from './credentials';
import { paths } from '../../../config/paths';
import { translate, useT } from '../../../i18n/i18n';
import { returnPathFrom } from '../../../lib/return-to';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRegister } from '../api/register';
import {
  passwordsDontMatchToast,
  registrationFailedToast,
  registrationSucceededToast,
} from '../auth-messages';

type Field = 'username' | 'password' | 'confirmPassword';

/** The sign-up hint says 6+ characters (spec §5). */
const MIN_PASSWORD_LENGTH = LIMITS.account.signUpPassword.min;

const EMPTY: Record<Field, string> = { username: '', password: '', confirmPassword: '' };
const CHECKS = {
  username: emailAddressCheck,
  password: minLengthCheck(
    MIN_PASSWORD_LENGTH,
    () => translate('Please choose a password'),
    () => translate('Password must be at least {min} characters', { min: MIN_PASSWORD_LENGTH }),
  ),
  // A confirmation that differs is the toast's (spec §8), not the field's.
  confirmPassword: requiredCheck(() => translate('Please confirm your password')),
};

export function SignUpForm({ carried }: { carried: Credentials }) {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notify = useNotify();
  // Read once, at mount: what the other mode's form held when the visitor switched.
  const [initialValues] = useState(() => ({ ...EMPTY, ...carried }));
  const form = usePlainForm('sign-up', initialValues, CHECKS);
  const registration = useRegister();
  const once = useSingleFlight();

  const onSubmit = once(async () => {
    if (!form.validate()) return;
    const { username, password, confirmPassword } = form.values;
    if (password !== confirmPassword) {
      notify.error(passwordsDontMatchToast);
      return;
    }
    let registered: string;
    try {
      ({ username: registered } = await registration.mutateAsync({ username: username.trim(), password }));
    } catch (error) {
      notify.error(registrationFailedToast(error));
      return;
    }
    notify.success(registrationSucceededToast(registered));
    // Spec §2: then to /, unless the page that sent the visitor here asked to come back (an invitation).
    await navigate(returnPathFrom(searchParams) ?? paths.home.getHref());
  });

  const busy = registration.isPending;
  return (
    <PlainFormElement name="sign-up" className="auth-form" busy={busy} onSubmit={() => void onSubmit()}>
      <PlainField
        form={form}
        name="username"
        label={t('Email')}
        type="email"
        autoComplete="email"
        placeholder={t('you@example.com')}
        readOnly={busy}
      />
      <PlainField
        form={form}
        name="password"
        label={t('Password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('{min}+ characters', { min: MIN_PASSWORD_LENGTH })}
        readOnly={busy}
      />
      <PlainField
        form={form}
        name="confirmPassword"
        label={t('Confirm password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('Repeat your password')}
        readOnly={busy}
      />
      <FormButton busy={busy}>{t('Create account')}</FormButton>
    </PlainFormElement>
  );
}
