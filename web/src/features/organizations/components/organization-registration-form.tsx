import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BrandedButton, type Branding } from '../../../components/branded-registration/branded-registration';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRegisterWithOrganization } from '../api/register-with-organization';
import {
  INVALID_EMAIL,
  MIN_PASSWORD_LENGTH,
  organizationRegistrationFailedToast,
  organizationRegistrationSucceededToast,
  shortPasswordMessage,
} from '../organization-messages';

interface RegistrationValues {
  username: string;
  password: string;
}

interface OrganizationRegistrationFormProps {
  slug: string;
  branding: Branding;
}

/** Email and Password, then Register in the organization's secondary colour (spec §2, §5). */
export function OrganizationRegistrationForm({ slug, branding }: OrganizationRegistrationFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const notify = useNotify();
  const registration = useRegisterWithOrganization(slug);
  const once = useSingleFlight();

  const onFinish = async (values: RegistrationValues) => {
    try {
      await registration.mutateAsync({ username: values.username.trim(), password: values.password });
    } catch (error) {
      notify.error(organizationRegistrationFailedToast(error));
      return;
    }
    notify.success(organizationRegistrationSucceededToast);
    await navigate(paths.home.getHref());
  };

  return (
    <Form<RegistrationValues>
      name="organization-registration"
      layout="vertical"
      requiredMark={false}
      onFinish={once(onFinish)}
      disabled={registration.isPending}
      className="org-registration-form"
    >
      <Form.Item
        label={t('Email')}
        name="username"
        rules={[
          { required: true, message: t(INVALID_EMAIL) },
          { type: 'email', message: t(INVALID_EMAIL) },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder={t('you@example.com')} size="large" />
      </Form.Item>
      <Form.Item
        label={t('Password')}
        name="password"
        rules={[
          { required: true, message: shortPasswordMessage() },
          { min: MIN_PASSWORD_LENGTH, message: shortPasswordMessage() },
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('6+ characters')} size="large" />
      </Form.Item>
      <BrandedButton
        branding={branding}
        htmlType="submit"
        size="large"
        block
        loading={registration.isPending}
      >
        {registration.isPending ? t('Registering...') : t('Register')}
      </BrandedButton>
      <Button
        type="link"
        block
        className="org-registration-form__regular"
        onClick={() => void navigate(paths.auth.getHref())}
      >
        {t('Use regular registration instead')}
      </Button>
    </Form>
  );
}
