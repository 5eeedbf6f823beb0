import { useLayoutEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { emailAddressCheck, requiredCheck } from '../../../components/plain-form/checks';
import { FormButton } from '../../../components/plain-form/form-button';
import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import type { Credentials } from './credentials';
import { demoAccount } from '../../../config/demo';
import { paths } from '../../../config/paths';
import { translate, useT } from '../../../i18n/i18n';
import { returnPathFrom } from '../../../lib/return-to';
import { useNotify, type ToastOptions } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useLogin } from '../api/login';
import { demoLoginFailedToast, loginFailedToast, loginSucceededToast } from '../auth-messages';
import type { LoginInput } from '../api/login';

type Field = 'username' | 'password';

/** The value of the Demo Login button: the form's second submit button, which signs in as the demo account. */
const DEMO_LOGIN = 'demo';
const REMEMBER_ME_ID = 'sign-in_rememberMe';

const EMPTY: Record<Field, string> = { username: '', password: '' };
const CHECKS = {
  username: emailAddressCheck,
  password: requiredCheck(() => translate('Please enter your password')),
};

export function SignInForm({ carried }: { carried: Credentials }) {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notify = useNotify();
  // Read once, at mount: what the other mode's form held when the visitor switched.
  const [initialValues] = useState(() => ({ ...EMPTY, ...carried }));
  const form = usePlainForm('sign-in', initialValues, CHECKS);
  const [rememberMe, setRememberMe] = useState(false);
  // The pre-rendered page's box may have been ticked before the app ran (see usePlainForm's typed values).
  useLayoutEffect(() => {
    const box = document.getElementById(REMEMBER_ME_ID);
    if (box instanceof HTMLInputElement && box.checked) setRememberMe(true);
  }, []);
  // Two mutations, so each button shows its own pending state.
  const login = useLogin();
  const demoLogin = useLogin();
  const busy = login.isPending || demoLogin.isPending;
  // One sign-in at a time, whichever button started it.
  const once = useSingleFlight();

  const signIn = async (
    mutation: typeof login,
    input: LoginInput,
    failedToast: (error: unknown) => ToastOptions,
  ) => {
    let username: string;
    try {
      ({ username } = await mutation.mutateAsync(input));
    } catch (error) {
      notify.error(failedToast(error));
      return;
    }
    notify.success(loginSucceededToast(username));
    // Spec §2: then to /, unless the page that sent the visitor here asked to come back (an invitation).
    await navigate(returnPathFrom(searchParams) ?? paths.home.getHref());
  };

  const onSubmit = once(async () => {
    if (!form.validate()) return;
    const { username, password } = form.values;
    await signIn(login, { username: username.trim(), password, rememberMe }, loginFailedToast);
  });

  const onDemoLogin = once(() =>
    signIn(demoLogin, { ...demoAccount, rememberMe: false }, demoLoginFailedToast),
  );

  return (
    <PlainFormElement
      name="sign-in"
      className="auth-form"
      busy={busy}
      onSubmit={(submitter) =>
        // Demo Login is a submit button too, so that a click on it before the pre-rendered page is live is
        // held and made again (early-input.ts) as the Sign in button's is.
        void (submitter instanceof HTMLButtonElement && submitter.value === DEMO_LOGIN
          ? onDemoLogin()
          : onSubmit())
      }
    >
      <PlainField
        form={form}
        name="username"
        label={t('Email')}
        type="email"
        autoComplete="username"
        placeholder={t('you@example.com')}
        readOnly={busy}
      />
      <PlainField
        form={form}
        name="password"
        label={t('Password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('Your password')}
        readOnly={busy}
      />
      <div className="auth-form__row">
        <label className="auth-checkbox">
          <input
            id={REMEMBER_ME_ID}
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            disabled={busy}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          {t('Remember me')}
        </label>
        <Link to={paths.forgotPassword.getHref()} className="auth-form__link">
          {t('Forgot your password?')}
        </Link>
      </div>
      <FormButton busy={login.isPending} blocked={busy}>
        {t('Sign in')}
      </FormButton>
      <FormButton value={DEMO_LOGIN} tone="secondary" busy={demoLogin.isPending} blocked={busy}>
        {t('Demo Login')}
      </FormButton>
    </PlainFormElement>
  );
}
