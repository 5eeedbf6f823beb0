import { LIMITS } from '@app/contracts';
import { Button, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { returnPathFrom } from '../../../lib/return-to';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRegister } from '../api/register';
import {
  passwordsDontMatchToast,
  registrationFailedToast,
  registrationSucceededToast,
} from '../auth-messages';

interface SignUpValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/** The sign-up hint says 6+ characters (spec §5). */
const MIN_PASSWORD_LENGTH = LIMITS.account.signUpPassword.min;

export function SignUpForm() {
  const t = useT();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notify = useNotify();
  const registration = useRegister();
  const once = useSingleFlight();

  const onFinish = async (values: SignUpValues) => {
    if (values.password !== values.confirmPassword) {
      notify.error(passwordsDontMatchToast);
      return;
    }
    let username: string;
    try {
      ({ username } = await registration.mutateAsync({
        username: values.username.trim(),
        password: values.password,
      }));
    } catch (error) {
      notify.error(registrationFailedToast(error));
      return;
    }
    notify.success(registrationSucceededToast(username));
    // Spec §2: then to /, unless the page that sent the visitor here asked to come back (an invitation).
    await navigate(returnPathFrom(searchParams) ?? paths.home.getHref());
  };

  return (
    <Form<SignUpValues>
      name="sign-up"
      layout="vertical"
      requiredMark={false}
      onFinish={once(onFinish)}
      disabled={registration.isPending}
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
        <Input type="email" required autoComplete="email" placeholder={t('you@example.com')} size="large" />
      </Form.Item>
      <Form.Item
        label={t('Password')}
        name="password"
        rules={[
          { required: true, message: t('Please choose a password') },
          {
            min: MIN_PASSWORD_LENGTH,
            message: t('Password must be at least {min} characters', { min: MIN_PASSWORD_LENGTH }),
          },
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('{min}+ characters', { min: MIN_PASSWORD_LENGTH })}
          size="large"
        />
      </Form.Item>
      <Form.Item
        label={t('Confirm password')}
        name="confirmPassword"
        rules={[{ required: true, message: t('Please confirm your password') }]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('Repeat your password')} size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={registration.isPending}>
        {t('Create account')}
      </Button>
    </Form>
  );
}
