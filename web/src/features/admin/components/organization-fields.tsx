import { isHexColor, ORGANIZATION_PLANS, type OrganizationPlan } from '@app/contracts';
import { Form, Input, Select, Space, Switch, type FormInstance } from 'antd';
import { msg, useT } from '../../../i18n/i18n';
import {
  colorProblem,
  logoUrlProblem,
  nameProblem,
  slugFromName,
  slugProblem,
  type OrganizationFormValues,
} from '../organization-form';

/** The plans' names: the English of `ORGANIZATION_PLAN_LABELS` (@app/contracts), word for word. */
export const PLAN_NAMES: Readonly<Record<OrganizationPlan, string>> = {
  free: msg('Free'),
  enterprise: msg('Enterprise'),
};

// A format and an address, the same in every language (not texts to translate).
const HEX_FORMAT = '#RRGGBB';
const LOGO_URL_EXAMPLE = 'https://example.com/logo.png';

/** Antd rule from one of the shared problem checks. */
const check = (problem: (value: string | undefined) => string | null) => ({
  validator: (_rule: unknown, value: string | undefined) => {
    const message = problem(value);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

interface ColorInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A `#RRGGBB` text field with a native colour picker beside it; both edit the same value. */
function ColorInput({ id, value = '', onChange, label, ...aria }: ColorInputProps) {
  const t = useT();
  return (
    <Space.Compact block>
      <input
        type="color"
        className="admin-color-picker"
        aria-label={t('Pick {colour}', { colour: label.toLowerCase() })}
        value={isHexColor(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange?.(event.target.value.toUpperCase())}
      />
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={7}
        placeholder={HEX_FORMAT}
        spellCheck={false}
        autoComplete="off"
        {...aria}
      />
    </Space.Compact>
  );
}

interface OrganizationFieldsProps {
  form: FormInstance<OrganizationFormValues>;
  /** When creating, the slug follows the name until it is edited by hand. */
  suggestSlug?: boolean;
}

/** Every organization field (spec §3 "Organization"), with the same rules as the organization service. */
export function OrganizationFields({ form, suggestSlug = false }: OrganizationFieldsProps) {
  const t = useT();
  const onNameChange = (name: string) => {
    if (!suggestSlug || form.isFieldTouched('slug')) return;
    form.setFieldValue('slug', slugFromName(name));
  };

  return (
    <>
      <Form.Item label={t('Name')} name="name" rules={[check(nameProblem)]}>
        <Input autoComplete="off" maxLength={100} onChange={(event) => onNameChange(event.target.value)} />
      </Form.Item>
      <Form.Item
        label={t('Slug')}
        name="slug"
        rules={[check(slugProblem)]}
        // The braces are shown as they are: "{slug}" stands for the slug, it is not filled in.
        extra={t('Lowercase letters, digits and hyphens. The registration page is /org/{slug}.', {
          slug: '{slug}',
        })}
      >
        <Input autoComplete="off" spellCheck={false} maxLength={64} prefix="/org/" />
      </Form.Item>
      <Form.Item
        label={t('Logo URL')}
        name="logoUrl"
        rules={[check(logoUrlProblem)]}
        extra={t('An http or https address; leave empty for no logo.')}
      >
        <Input type="url" autoComplete="off" placeholder={LOGO_URL_EXAMPLE} />
      </Form.Item>
      <div className="admin-color-row">
        <Form.Item
          label={t('Primary colour')}
          name="primaryColor"
          rules={[check((value) => colorProblem(t('Primary colour'), value))]}
        >
          <ColorInput label={t('Primary colour')} />
        </Form.Item>
        <Form.Item
          label={t('Secondary colour')}
          name="secondaryColor"
          rules={[check((value) => colorProblem(t('Secondary colour'), value))]}
        >
          <ColorInput label={t('Secondary colour')} />
        </Form.Item>
      </div>
      <Form.Item
        label={t('Description')}
        name="description"
        rules={[{ max: 1000, message: t('Description must be at most 1000 characters') }]}
      >
        <Input.TextArea rows={3} showCount maxLength={1000} />
      </Form.Item>
      <Form.Item
        label={t('Active')}
        name="isActive"
        valuePropName="checked"
        extra={t('Only active organizations have a registration page.')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        label={t('Plan')}
        name="plan"
        extra={t("Enterprise lifts the Free plan's venture limit for the organization's members.")}
      >
        <Select options={ORGANIZATION_PLANS.map((plan) => ({ value: plan, label: t(PLAN_NAMES[plan]) }))} />
      </Form.Item>
    </>
  );
}
