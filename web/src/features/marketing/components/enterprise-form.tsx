import { Button, Form, Input } from 'antd';
import { useNotify } from '../../../lib/notify';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  assertSuccessful,
  composeEnterpriseInquiry,
  emailRule,
  enterpriseFailedToast,
  enterpriseRules,
  enterpriseSubmittedToast,
  minLengthRule,
  type EnterpriseInquiry,
} from '../contact-messages';

/** 'Get Started with Enterprise' (spec §2, §5, §8): sent through the contact call. */
export function EnterpriseForm() {
  const [form] = Form.useForm<EnterpriseInquiry>();
  const notify = useNotify();
  const sending = useSendContactMessage();

  const onFinish = async (values: EnterpriseInquiry) => {
    try {
      assertSuccessful(await sending.mutateAsync(composeEnterpriseInquiry(values)));
    } catch (error) {
      notify.error(enterpriseFailedToast(error));
      return;
    }
    notify.success(enterpriseSubmittedToast);
    form.resetFields();
  };

  return (
    <Form<EnterpriseInquiry>
      form={form}
      name="enterprise"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      className="marketing-form"
    >
      <div className="marketing-form__row">
        <Form.Item
          label="Full name"
          name="name"
          rules={[minLengthRule(enterpriseRules.name.min, enterpriseRules.name.message)]}
        >
          <Input autoComplete="name" placeholder="Your name" size="large" />
        </Form.Item>
        <Form.Item label="Work email" name="email" rules={[emailRule(enterpriseRules.email.message)]}>
          <Input type="email" autoComplete="email" placeholder="you@institution.edu" size="large" />
        </Form.Item>
      </div>
      <div className="marketing-form__row">
        <Form.Item
          label="Organization"
          name="organization"
          rules={[minLengthRule(enterpriseRules.organization.min, enterpriseRules.organization.message)]}
        >
          <Input autoComplete="organization" placeholder="University or incubator" size="large" />
        </Form.Item>
        <Form.Item
          label="Your role"
          name="role"
          rules={[minLengthRule(enterpriseRules.role.min, enterpriseRules.role.message)]}
        >
          <Input autoComplete="organization-title" placeholder="e.g. Program Director" size="large" />
        </Form.Item>
      </div>
      <Form.Item label="Message (optional)" name="message">
        <Input.TextArea rows={5} placeholder="Tell us about your program and what you need" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={sending.isPending}>
        {sending.isPending ? 'Submitting...' : 'Request a Demo'}
      </Button>
    </Form>
  );
}
