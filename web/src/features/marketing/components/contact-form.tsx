import { Button, Form, Input } from 'antd';
import { useNotify } from '../../../lib/notify';
import { useSendContactMessage, type ContactMessageInput } from '../api/send-contact-message';
import {
  assertSuccessful,
  contactFailedToast,
  contactRules,
  contactSentToast,
  emailRule,
  fieldErrorsOf,
  minLengthRule,
} from '../contact-messages';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/**
 * The contact form (spec §5, §8): client-side minimums, 'Sending...' while pending, the server's
 * validation errors under their fields, and the values kept unless the message went out.
 */
export function ContactForm() {
  const [form] = Form.useForm<ContactMessageInput>();
  const notify = useNotify();
  const sending = useSendContactMessage();

  const onFinish = async (values: ContactMessageInput) => {
    const input: ContactMessageInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    try {
      assertSuccessful(await sending.mutateAsync(input));
    } catch (error) {
      const fieldErrors = Object.entries(fieldErrorsOf(error) ?? {}).filter(([field]) =>
        (FIELDS as readonly string[]).includes(field),
      );
      if (fieldErrors.length > 0) {
        form.setFields(
          fieldErrors.map(([field, errors]) => ({ name: field as keyof ContactMessageInput, errors })),
        );
        return;
      }
      notify.error(contactFailedToast(error));
      return;
    }
    notify.success(contactSentToast);
    form.resetFields();
  };

  return (
    <Form<ContactMessageInput>
      form={form}
      name="contact"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      className="marketing-form"
    >
      <div className="marketing-form__row">
        <Form.Item
          label="Name"
          name="name"
          rules={[minLengthRule(contactRules.name.min, contactRules.name.message)]}
        >
          <Input autoComplete="name" placeholder="Your name" size="large" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[emailRule(contactRules.email.message)]}>
          <Input type="email" autoComplete="email" placeholder="you@example.com" size="large" />
        </Form.Item>
      </div>
      <Form.Item
        label="Subject"
        name="subject"
        rules={[minLengthRule(contactRules.subject.min, contactRules.subject.message)]}
      >
        <Input placeholder="What is this about?" size="large" />
      </Form.Item>
      <Form.Item
        label="Message"
        name="message"
        rules={[minLengthRule(contactRules.message.min, contactRules.message.message)]}
      >
        <Input.TextArea rows={6} placeholder="How can we help?" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={sending.isPending}>
        {sending.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </Form>
  );
}
