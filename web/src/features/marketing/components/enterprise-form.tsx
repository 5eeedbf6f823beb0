import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
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
import { useT } from '../../../i18n/i18n';

const EMPTY: Record<keyof EnterpriseInquiry, string> = {
  name: '',
  email: '',
  organization: '',
  role: '',
  message: '',
};
const CHECKS = {
  name: minLengthRule(enterpriseRules.name),
  email: emailRule(enterpriseRules.email),
  organization: minLengthRule(enterpriseRules.organization),
  role: minLengthRule(enterpriseRules.role),
};

/**
 * 'Get Started with Enterprise' (spec §2, §5, §8): sent through the contact call. Plain HTML (no antd),
 * so the pre-rendered enterprise page stays light.
 */
export function EnterpriseForm() {
  const t = useT();
  const form = usePlainForm('enterprise', EMPTY, CHECKS);
  const notify = useNotify();
  const sending = useSendContactMessage();

  const onSubmit = async () => {
    if (sending.isPending || !form.validate()) return;
    try {
      assertSuccessful(await sending.mutateAsync(composeEnterpriseInquiry(form.values)));
    } catch (error) {
      notify.error(enterpriseFailedToast(error));
      return;
    }
    notify.success(enterpriseSubmittedToast);
    form.reset();
  };

  return (
    <PlainFormElement
      name="enterprise"
      className="marketing-form"
      busy={sending.isPending}
      onSubmit={() => void onSubmit()}
    >
      <div className="marketing-form__row">
        <PlainField
          form={form}
          name="name"
          label={t('Full name')}
          autoComplete="name"
          placeholder={t('Your name')}
        />
        <PlainField
          form={form}
          name="email"
          label={t('Work email')}
          type="email"
          autoComplete="email"
          placeholder={t('you@institution.edu')}
        />
      </div>
      <div className="marketing-form__row">
        <PlainField
          form={form}
          name="organization"
          label={t('Organization')}
          autoComplete="organization"
          placeholder={t('University or incubator')}
        />
        <PlainField
          form={form}
          name="role"
          label={t('Your role')}
          autoComplete="organization-title"
          placeholder={t('e.g. Program Director')}
        />
      </div>
      <PlainField
        form={form}
        name="message"
        label={t('Message (optional)')}
        rows={5}
        placeholder={t('Tell us about your program and what you need')}
      />
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={sending.isPending}
        aria-busy={sending.isPending}
      >
        {sending.isPending ? t('Submitting...') : t('Request a Demo')}
      </button>
    </PlainFormElement>
  );
}
