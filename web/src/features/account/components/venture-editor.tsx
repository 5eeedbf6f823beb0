import { Button, Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { useNotify } from '../../../lib/notify';
import {
  blurbCounterText,
  BLURB_MAX_LENGTH,
  ventureCreatedToast,
  ventureCreateFailedToast,
  ventureFormError,
  ventureInputOf,
  ventureUpdatedToast,
  ventureUpdateFailedToast,
  type VentureFormValues,
} from '../account-messages';
import { useCreateVenture } from '../api/create-venture';
import { useUpdateVenture } from '../api/update-venture';
import type { AccountVenture } from '../types';
import { useFieldProblems } from './use-field-problems';

interface VentureEditorProps {
  /** The venture being edited; null in "add new" mode. */
  editing: AccountVenture | null;
  /** Back to "add new" mode (after saving or on Cancel). */
  onDone: () => void;
}

/**
 * The account page's add/edit venture form (spec §2 "Account", §5): the name is trimmed and required,
 * the description optional with a live n/140 counter. A broken rule shows a toast and a note under the field.
 */
export function VentureEditor({ editing, onDone }: VentureEditorProps) {
  const notify = useNotify();
  const [form] = Form.useForm<VentureFormValues>();
  const problems = useFieldProblems(form);
  const creation = useCreateVenture();
  const update = useUpdateVenture();
  const pending = creation.isPending || update.isPending;
  const blurb = Form.useWatch('blurb', form) ?? '';
  const blurbTooLong = blurb.length > BLURB_MAX_LENGTH;
  const sectionRef = useRef<HTMLElement>(null);
  const editingId = editing?.id ?? null;

  useEffect(() => {
    // Switching modes fills (or empties) the fields; choosing Edit brings the form into view, focused.
    if (editing) {
      form.setFieldsValue({ name: editing.name, blurb: editing.blurb ?? '' });
      sectionRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      form.focusField('name');
    } else {
      form.resetFields();
    }
    // Only a change of the venture chosen switches modes, not a refetch of the same venture.
  }, [editingId, form]);

  const onFinish = async (values: VentureFormValues) => {
    const problem = ventureFormError(values);
    if (problem) {
      problems.show(problem);
      return;
    }
    const input = ventureInputOf(values);
    if (editing) {
      try {
        await update.mutateAsync({ id: editing.id, ...input });
      } catch (error) {
        notify.error(ventureUpdateFailedToast(error));
        return;
      }
      notify.success(ventureUpdatedToast);
      onDone();
    } else {
      try {
        await creation.mutateAsync(input);
      } catch (error) {
        notify.error(ventureCreateFailedToast(error));
        return;
      }
      notify.success(ventureCreatedToast);
      form.resetFields();
    }
  };

  const title = editing ? 'Edit Venture' : 'Add New Venture';
  return (
    <section ref={sectionRef} className="account-card" aria-labelledby="venture-form-heading">
      <h2 id="venture-form-heading" className="account-card__title">
        {title}
      </h2>
      {editing && (
        <p className="account-card__hint">
          Editing <strong>{editing.name}</strong>
        </p>
      )}
      <Form<VentureFormValues>
        name="account-venture"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={problems.clearChanged}
        disabled={pending}
        className="account-form"
      >
        <Form.Item label="Venture Name" name="name">
          <Input placeholder="My Awesome Startup" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Brief Description"
          name="blurb"
          extra={
            <span
              className={blurbTooLong ? 'account-counter account-counter--over' : 'account-counter'}
              data-testid="blurb-counter"
            >
              {blurbCounterText(blurb.length)}
            </span>
          }
          validateStatus={blurbTooLong ? 'error' : undefined}
        >
          <Input.TextArea
            placeholder="What does your venture do, and for whom?"
            autoSize={{ minRows: 3, maxRows: 6 }}
            aria-invalid={blurbTooLong || undefined}
          />
        </Form.Item>
        <div className="account-form__actions">
          {editing && (
            <Button onClick={onDone} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={pending}>
            {editing ? 'Save Changes' : 'Add Venture'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
