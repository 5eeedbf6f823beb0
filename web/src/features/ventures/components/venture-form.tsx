import { Button, Form, Input, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useNotify } from '../../../lib/notify';
import type { VentureInput } from '../types';
import {
  blurbCounterText,
  blurbLengthAnnouncement,
  BLURB_MAX_LENGTH,
  ventureFormError,
  ventureInputOf,
  type VentureFormValues,
} from '../venture-messages';

interface VentureFormProps {
  /** Distinguishes the fields' ids when two forms could be on one page. */
  name: string;
  form: FormInstance<VentureFormValues>;
  initialValues?: VentureFormValues;
  submitLabel: string;
  pending: boolean;
  /** Called with valid, trimmed values; awaited so the form stays in its pending state meanwhile. */
  onSubmit: (input: VentureInput) => Promise<void>;
  /** Buttons beside the submit button (e.g. Cancel in a modal). */
  secondaryActions?: ReactNode;
  /** Sizes the fields for a full page rather than a dialog. */
  large?: boolean;
}

function BlurbCounter({ length }: { length: number }) {
  const over = length > BLURB_MAX_LENGTH;
  return (
    <span className={over ? 'blurb-counter blurb-counter--over' : 'blurb-counter'}>
      {blurbCounterText(length)}
      {/* Announced only near and past the limit, so typing is not read out on every keystroke. */}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {blurbLengthAnnouncement(length)}
      </span>
    </span>
  );
}

/**
 * The venture's name and description (spec §2 "Create venture", §5): the same fields and
 * rules when creating and when editing. Breaking a rule shows a toast, as the spec asks.
 */
export function VentureForm({
  name,
  form,
  initialValues,
  submitLabel,
  pending,
  onSubmit,
  secondaryActions,
  large = false,
}: VentureFormProps) {
  const notify = useNotify();
  const blurb = Form.useWatch('blurb', form) ?? initialValues?.blurb ?? '';
  const blurbTooLong = blurb.length > BLURB_MAX_LENGTH;

  const onFinish = async (values: VentureFormValues) => {
    const error = ventureFormError(values);
    if (error) {
      notify.error(error);
      return;
    }
    await onSubmit(ventureInputOf(values));
  };

  const size = large ? 'large' : 'middle';
  return (
    <Form<VentureFormValues>
      name={name}
      form={form}
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues}
      onFinish={onFinish}
      className="venture-form"
    >
      <Form.Item label="Venture Name" name="name" required>
        <Input placeholder="My Awesome Startup" autoComplete="off" size={size} />
      </Form.Item>
      <Form.Item
        label="Brief Description"
        name="blurb"
        extra={<BlurbCounter length={blurb.length} />}
        validateStatus={blurbTooLong ? 'error' : undefined}
      >
        <Input.TextArea
          placeholder="What does your venture do, and for whom?"
          autoSize={{ minRows: 3, maxRows: 6 }}
          aria-invalid={blurbTooLong || undefined}
          size={size}
        />
      </Form.Item>
      <div className="venture-form__actions">
        {secondaryActions}
        <Button
          type="primary"
          htmlType="submit"
          size={size}
          loading={pending}
          disabled={pending}
          block={large}
        >
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
