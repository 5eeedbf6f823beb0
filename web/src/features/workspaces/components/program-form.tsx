import type { OrgTemplate, Program } from '@app/contracts';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { currentLocale, translate, useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useOrgTemplate } from '../../../entities/org-template/org-template-query';
import { useCreateProgram, useUpdateProgram, type ProgramInput } from '../api/workspace-mutations';
import {
  defaultRiskRuleValues,
  fieldErrorsOf,
  RISK_RULE_FIELDS,
  ruleValue,
  type RiskRuleValues,
} from '../workspace-messages';

export interface ProgramFormValues {
  name: string;
  startDate: string;
  endDate: string;
  templateVersion: number | null;
  registrationOpen: boolean;
  riskRules: RiskRuleValues;
}

const FIELDS = ['name', 'startDate', 'endDate', 'templateVersion', 'riskRules', 'registrationOpen'] as const;

function valuesOf(program: Program | null): ProgramFormValues {
  return program
    ? {
        name: program.name,
        startDate: program.startDate,
        endDate: program.endDate,
        templateVersion: program.templateVersion,
        registrationOpen: program.registrationOpen,
        riskRules: { ...program.riskRules },
      }
    : {
        name: '',
        startDate: '',
        endDate: '',
        templateVersion: null,
        registrationOpen: false,
        riskRules: defaultRiskRuleValues(),
      };
}

/** What is sent: the name trimmed, an empty template version or rule as null (the standard tasks; the rule off). */
export function toInput(values: ProgramFormValues): ProgramInput {
  return {
    name: values.name.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    templateVersion: ruleValue(values.templateVersion),
    registrationOpen: values.registrationOpen === true,
    riskRules: Object.fromEntries(
      RISK_RULE_FIELDS.map(({ key }) => [key, ruleValue(values.riskRules?.[key])]),
    ) as RiskRuleValues,
  };
}

/** The select's value for the standard 50 tasks (the field itself holds null). */
const STANDARD = 0;

// In the browser's time zone, like the editor's list of versions, and the reader's language ("Nov 26, 2026").
const publishedDate = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );

export interface TemplateVersionOption {
  value: number;
  label: string;
}

/**
 * The template versions a program may pin: the standard 50 tasks, then the organization's published versions
 * ("Version 3 · published Nov 26, 2026"), newest first. A version the program pins that is not among them (from
 * before versions were checked) stays selectable as its number, so opening the form changes nothing.
 */
export function templateVersionOptions(
  versions: OrgTemplate['versions'] | undefined,
  pinned: number | null,
): TemplateVersionOption[] {
  const published = [...(versions ?? [])]
    .sort((a, b) => b.version - a.version)
    .map((v) => ({
      value: v.version,
      label: translate('Version {version} · published {date}', {
        version: v.version,
        date: publishedDate(v.publishedAt),
      }),
    }));
  const unknown =
    pinned !== null && !published.some((option) => option.value === pinned)
      ? [{ value: pinned, label: translate('Version {version}', { version: pinned }) }]
      : [];
  return [{ value: STANDARD, label: translate('Standard 50 tasks') }, ...unknown, ...published];
}

interface TemplateVersionSelectProps {
  slug: string;
  pinned: number | null;
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
}

/** The template version select, loaded from the organization's template (the editor's query). */
function TemplateVersionSelect({ slug, pinned, value, onChange, id }: TemplateVersionSelectProps) {
  const t = useT();
  const template = useOrgTemplate(slug);
  return (
    <>
      <Select<number>
        id={id}
        value={value ?? STANDARD}
        onChange={(next) => onChange?.(next === STANDARD ? null : next)}
        options={templateVersionOptions(template.data?.versions, pinned)}
        loading={template.isPending}
        notFoundContent={null}
      />
      {template.isError ? (
        <Alert
          className="workspace-template-versions-error"
          type="warning"
          showIcon
          role="alert"
          title={failureText(template.error, t('The published versions could not be loaded.'))}
          action={
            <Button size="small" onClick={() => void template.refetch()}>
              {t('Retry')}
            </Button>
          }
        />
      ) : null}
    </>
  );
}

interface ProgramFormProps {
  slug: string;
  /** The program to edit, or null to create one. */
  program: Program | null;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a program: name, dates, template version and its at-risk rules (defaults prefilled). */
export function ProgramForm({ slug, program, open, onClose }: ProgramFormProps) {
  const t = useT();
  const [form] = Form.useForm<ProgramFormValues>();
  const notify = useNotify();
  const create = useCreateProgram(slug);
  const update = useUpdateProgram(slug);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const onFinish = async (values: ProgramFormValues) => {
    setProblem(null);
    const input = toInput(values);
    try {
      if (program) await update.mutateAsync({ programId: program.id, changes: input });
      else await create.mutateAsync(input);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, FIELDS);
      if (fieldErrors.length > 0) form.setFields(fieldErrors);
      setProblem(failureText(error, t('The program could not be saved. Please try again.')));
      return;
    }
    notify.success({ title: program ? t('Program saved') : t('Program created'), description: input.name });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={program ? t('Edit {name}', { name: program.name }) : t('New program')}
      okText={program ? t('Save program') : t('Create program')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: pending, disabled: pending }}
      destroyOnHidden
    >
      <Form<ProgramFormValues>
        form={form}
        layout="vertical"
        initialValues={valuesOf(program)}
        onFinish={(values) => void onFinish(values)}
        requiredMark="optional"
      >
        <Form.Item
          label={t('Name')}
          name="name"
          rules={[
            { required: true, whitespace: true, message: t('Name is required') },
            { min: 2, message: t('Name must be at least {min} characters', { min: 2 }) },
            { max: 100, message: t('Name must be at most {max} characters', { max: 100 }) },
          ]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <div className="workspace-form-row">
          <Form.Item
            label={t('Start date')}
            name="startDate"
            rules={[{ required: true, message: t('Start date is required') }]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item
            label={t('End date')}
            name="endDate"
            dependencies={['startDate']}
            rules={[
              { required: true, message: t('End date is required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string) =>
                  !value || !getFieldValue('startDate') || value >= getFieldValue('startDate')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('The end date must be on or after the start date'))),
              }),
            ]}
          >
            <Input type="date" />
          </Form.Item>
        </div>
        <Form.Item
          label={t('Template version')}
          name="templateVersion"
          extra={t("The standard 50 tasks, or a published version of your organization's template.")}
        >
          <TemplateVersionSelect slug={slug} pinned={program?.templateVersion ?? null} />
        </Form.Item>
        <Form.Item name="registrationOpen" valuePropName="checked">
          <Checkbox>{t("Enrol founders who register at your organization's page in this program")}</Checkbox>
        </Form.Item>
        <fieldset className="workspace-fieldset">
          <legend>{t('At-risk rules (leave a rule empty to switch it off)')}</legend>
          {RISK_RULE_FIELDS.map((rule) => (
            <Form.Item key={rule.key} label={t(rule.label)} name={['riskRules', rule.key]}>
              <InputNumber min={1} max={rule.max} precision={0} className="workspace-number" />
            </Form.Item>
          ))}
        </fieldset>
        {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      </Form>
    </Modal>
  );
}
