import { Button, Form, Input } from 'antd';
import { useFieldProblems } from '../../../components/use-field-problems';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import {
  MIN_NEW_PASSWORD_LENGTH,
  passwordChangeError,
  passwordUpdatedToast,
  passwordUpdateFailedToast,
  type PasswordFormValues,
} from '../account-messages';
import { useChangePassword } from '../api/change-password';

interface ChangePasswordFormProps {
  /** The account's e-mail, for password managers (a hidden field, as browsers expect in password forms). */
  username: string;
}

/** Change Password (spec §5): the four rules are checked here, each with its toast and a note under the field. */
export function ChangePasswordForm({ username }: ChangePasswordFormProps) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<PasswordFormValues>();
  const change = useChangePassword();
  const problems = useFieldProblems(form);

  const onFinish = async (values: PasswordFormValues) => {
    const problem = passwordChangeError(values);
    if (problem) {
      problems.show(problem);
      return;
    }
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword ?? '',
        newPassword: values.newPassword ?? '',
      });
    } catch (error) {
      notify.error(passwordUpdateFailedToast(error));
      return;
    }
    notify.success(passwordUpdatedToast);
    form.resetFields();
  };

  return (
    <Form<PasswordFormValues>
      name="change-password"
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={problems.clearChanged}
      disabled={change.isPending}
      className="account-form"
    >
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <Form.Item label={t('Current password')} name="currentPassword">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label={t('New password')}
        name="newPassword"
        extra={t('At least {min} characters.', { min: MIN_NEW_PASSWORD_LENGTH })}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t('Confirm new password')} name="confirmPassword">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <div className="account-form__actions">
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('Update Password')}
        </Button>
      </div>
    </Form>
  );
}
