import { ORGANIZATION_PLAN_LABELS, ORGANIZATION_PLANS } from '@app/contracts';
import { Form, Input, Select, Space, Switch, type FormInstance } from 'antd';
import { isHexColor } from '../../../components/branded-registration/brand-colors';
import {
  colorProblem,
  logoUrlProblem,
  nameProblem,
  slugFromName,
  slugProblem,
  type OrganizationFormValues,
} from '../organization-form';

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
  return (
    <Space.Compact block>
      <input
        type="color"
        className="admin-color-picker"
        aria-label={`Pick ${label.toLowerCase()}`}
        value={isHexColor(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange?.(event.target.value.toUpperCase())}
      />
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={7}
        placeholder="#RRGGBB"
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
  const onNameChange = (name: string) => {
    if (!suggestSlug || form.isFieldTouched('slug')) return;
    form.setFieldValue('slug', slugFromName(name));
  };

  return (
    <>
      <Form.Item label="Name" name="name" rules={[check(nameProblem)]}>
        <Input autoComplete="off" maxLength={100} onChange={(event) => onNameChange(event.target.value)} />
      </Form.Item>
      <Form.Item
        label="Slug"
        name="slug"
        rules={[check(slugProblem)]}
        extra="Lowercase letters, digits and hyphens. The registration page is /org/{slug}."
      >
        <Input autoComplete="off" spellCheck={false} maxLength={64} prefix="/org/" />
      </Form.Item>
      <Form.Item
        label="Logo URL"
        name="logoUrl"
        rules={[check(logoUrlProblem)]}
        extra="An http or https address; leave empty for no logo."
      >
        <Input type="url" autoComplete="off" placeholder="https://example.com/logo.png" />
      </Form.Item>
      <div className="admin-color-row">
        <Form.Item
          label="Primary colour"
          name="primaryColor"
          rules={[check((value) => colorProblem('Primary colour', value))]}
        >
          <ColorInput label="Primary colour" />
        </Form.Item>
        <Form.Item
          label="Secondary colour"
          name="secondaryColor"
          rules={[check((value) => colorProblem('Secondary colour', value))]}
        >
          <ColorInput label="Secondary colour" />
        </Form.Item>
      </div>
      <Form.Item
        label="Description"
        name="description"
        rules={[{ max: 1000, message: 'Description must be at most 1000 characters' }]}
      >
        <Input.TextArea rows={3} showCount maxLength={1000} />
      </Form.Item>
      <Form.Item
        label="Active"
        name="isActive"
        valuePropName="checked"
        extra="Only active organizations have a registration page."
      >
        <Switch />
      </Form.Item>
      <Form.Item
        label="Plan"
        name="plan"
        extra="Enterprise lifts the Free plan's venture limit for the organization's members."
      >
        <Select
          options={ORGANIZATION_PLANS.map((plan) => ({ value: plan, label: ORGANIZATION_PLAN_LABELS[plan] }))}
        />
      </Form.Item>
    </>
  );
}
