import { Button, Checkbox, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { demoAccount } from '../../../config/demo';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { returnPathFrom } from '../../../lib/return-to';
import { useNotify, type ToastOptions } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useLogin } from '../api/login';
import { demoLoginFailedToast, loginFailedToast, loginSucceededToast } from '../auth-messages';
import type { LoginInput } from '../api/login';

interface SignInValues {
  username: string;
  password: string;
  rememberMe?: boolean;
}

export function SignInForm() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notify = useNotify();
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

  const onFinish = once((values: SignInValues) =>
    signIn(
      login,
      { username: values.username.trim(), password: values.password, rememberMe: values.rememberMe === true },
      loginFailedToast,
    ),
  );

  const onDemoLogin = once(() =>
    signIn(demoLogin, { ...demoAccount, rememberMe: false }, demoLoginFailedToast),
  );

  return (
    <Form<SignInValues>
      name="sign-in"
      layout="vertical"
      requiredMark={false}
      initialValues={{ rememberMe: false }}
      onFinish={onFinish}
      disabled={busy}
      className="auth-form"
    >
      <Form.Item
        label={t('Email')}
        name="username"
        rules={[
          { required: true, message: t('Please enter your email address') },
          { type: 'email', message: t('Please enter a valid email address') },
        ]}
      >
        <Input type="email" autoComplete="username" placeholder={t('you@example.com')} size="large" />
      </Form.Item>
      <Form.Item
        label={t('Password')}
        name="password"
        rules={[{ required: true, message: t('Please enter your password') }]}
      >
        <Input.Password autoComplete="current-password" placeholder={t('Your password')} size="large" />
      </Form.Item>
      <div className="auth-form__row">
        <Form.Item name="rememberMe" valuePropName="checked" noStyle>
          <Checkbox>{t('Remember me')}</Checkbox>
        </Form.Item>
        <Link to={paths.forgotPassword.getHref()} className="auth-form__link">
          {t('Forgot your password?')}
        </Link>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        {t('Sign in')}
      </Button>
      <Button
        htmlType="button"
        size="large"
        block
        loading={demoLogin.isPending}
        onClick={() => void onDemoLogin()}
      >
        {t('Demo Login')}
      </Button>
    </Form>
  );
}
