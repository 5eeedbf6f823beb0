import { LIMITS } from '@app/contracts';
import { Button, DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useFieldProblems } from '../../../components/use-field-problems';
import { useT } from '../../../i18n/i18n';
import { timeZoneNames } from '../../../lib/dates';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import type { VentureInput } from '../api/create-venture';
import {
  blurbCounterText,
  blurbLengthAnnouncement,
  ventureFormProblem,
  ventureInputOf,
  type VentureFormValues,
} from '../venture-messages';
import './venture-form.css';

/**
 * Where the form is shown:
 * - `page`: venture creation, large fields and a full-width button;
 * - `dialog`: the roadmap's Edit;
 * - `account`: the account page's add/edit card, in the account page's words (spec §5), with the broken
 *   rule's text under its field too, and every field locked while saving.
 */
export type VentureFormVariant = 'page' | 'dialog' | 'account';

/** What the form hands over: the roadmap's Edit adds the plan's time zone and target launch date (issue 17). */
export type VentureFormInput = VentureInput & { targetLaunchDate?: string | null };

const DATE_FORMAT = 'YYYY-MM-DD';

interface VentureFormProps {
  /** Distinguishes the fields' ids when two forms could be on one page. */
  name: string;
  form: FormInstance<VentureFormValues>;
  variant: VentureFormVariant;
  initialValues?: VentureFormValues;
  /** The submit button's text, translated. */
  submitLabel: string;
  pending: boolean;
  /** Called with valid, trimmed values; awaited so the form stays in its pending state meanwhile. */
  onSubmit: (input: VentureFormInput) => Promise<void>;
  /** Buttons beside the submit button (e.g. Cancel). */
  secondaryActions?: ReactNode;
}

function BlurbCounter({ length }: { length: number }) {
  const over = length > LIMITS.venture.blurb.max;
  return (
    <span className={over ? 'blurb-counter blurb-counter--over' : 'blurb-counter'}>
      <span data-testid="blurb-counter">{blurbCounterText(length)}</span>
      {/* Announced only near and past the limit, so typing is not read out on every keystroke. */}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {blurbLengthAnnouncement(length)}
      </span>
    </span>
  );
}

/**
 * The venture's name and description (spec §2 "Create venture", "Account", §5): the one form for creating
 * and editing a venture, wherever that happens. Breaking a rule shows a toast, as the spec asks.
 */
export function VentureForm({
  name,
  form,
  variant,
  initialValues,
  submitLabel,
  pending,
  onSubmit,
  secondaryActions,
}: VentureFormProps) {
  const t = useT();
  const notify = useNotify();
  const once = useSingleFlight();
  const problems = useFieldProblems(form);
  const blurb = Form.useWatch('blurb', form) ?? initialValues?.blurb ?? '';
  const blurbTooLong = blurb.length > LIMITS.venture.blurb.max;
  const onAccountPage = variant === 'account';
  const large = variant === 'page';

  const onFinish = async (values: VentureFormValues) => {
    const problem = ventureFormProblem(values, onAccountPage ? 'account' : 'roadmap');
    if (problem) {
      if (onAccountPage) problems.show(problem);
      else notify.error(problem.toast);
      return;
    }
    const plan =
      variant === 'dialog'
        ? { timeZone: values.timeZone, targetLaunchDate: values.targetLaunchDate ?? null }
        : {};
    await onSubmit({ ...ventureInputOf(values), ...plan });
  };

  const size = large ? 'large' : 'middle';
  const zones = useMemo(
    () => (variant === 'dialog' ? timeZoneNames().map((zone) => ({ value: zone, label: zone })) : []),
    [variant],
  );
  return (
    <Form<VentureFormValues>
      name={name}
      form={form}
      layout="vertical"
      requiredMark={onAccountPage ? false : 'optional'}
      initialValues={initialValues}
      onFinish={once(onFinish)}
      onValuesChange={onAccountPage ? problems.clearChanged : undefined}
      disabled={onAccountPage && pending}
      className="venture-form"
    >
      <Form.Item label={t('Venture Name')} name="name" required={!onAccountPage}>
        <Input placeholder={t('My Awesome Startup')} autoComplete="off" size={size} />
      </Form.Item>
      <Form.Item
        label={t('Brief Description')}
        name="blurb"
        extra={<BlurbCounter length={blurb.length} />}
        validateStatus={blurbTooLong ? 'error' : undefined}
      >
        <Input.TextArea
          placeholder={t('What does your venture do, and for whom?')}
          autoSize={{ minRows: 3, maxRows: 6 }}
          aria-invalid={blurbTooLong || undefined}
          size={size}
        />
      </Form.Item>
      {variant === 'dialog' ? (
        <>
          <Form.Item
            label={t('Time zone')}
            name="timeZone"
            extra={t('Due dates, labels and reminders count days in this zone.')}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
          </Form.Item>
          <Form.Item
            label={t('Target launch date')}
            name="targetLaunchDate"
            getValueProps={(value: string | null | undefined) => ({
              value: value ? dayjs(value, DATE_FORMAT) : null,
            })}
            normalize={(value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : null)}
            extra={t('Marked on the timeline. Leave empty when there is none yet.')}
          >
            <DatePicker format={DATE_FORMAT} placeholder={t('Not set')} />
          </Form.Item>
        </>
      ) : null}
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
