import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router-dom';
import { BrandedButton, type Branding } from '../../../components/branded-registration/branded-registration';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRegisterWithOrganization } from '../api/register-with-organization';
import {
  INVALID_EMAIL,
  MIN_PASSWORD_LENGTH,
  SHORT_PASSWORD,
  organizationRegistrationFailedToast,
  organizationRegistrationSucceededToast,
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
        label="Email"
        name="username"
        rules={[
          { required: true, message: INVALID_EMAIL },
          { type: 'email', message: INVALID_EMAIL },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder="you@example.com" size="large" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[
          { required: true, message: SHORT_PASSWORD },
          { min: MIN_PASSWORD_LENGTH, message: SHORT_PASSWORD },
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder="6+ characters" size="large" />
      </Form.Item>
      <BrandedButton
        branding={branding}
        htmlType="submit"
        size="large"
        block
        loading={registration.isPending}
      >
        {registration.isPending ? 'Registering...' : 'Register'}
      </BrandedButton>
      <Button
        type="link"
        block
        className="org-registration-form__regular"
        onClick={() => void navigate(paths.auth.getHref())}
      >
        Use regular registration instead
      </Button>
    </Form>
  );
}
