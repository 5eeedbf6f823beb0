import type { FormEvent } from 'react';
import { PlainField } from '../../../components/plain-form/plain-field';
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

const EMPTY: Record<keyof EnterpriseInquiry, string> = {
  name: '',
  email: '',
  organization: '',
  role: '',
  message: '',
};
const CHECKS = {
  name: minLengthRule(enterpriseRules.name.min, enterpriseRules.name.message),
  email: emailRule(enterpriseRules.email.message),
  organization: minLengthRule(enterpriseRules.organization.min, enterpriseRules.organization.message),
  role: minLengthRule(enterpriseRules.role.min, enterpriseRules.role.message),
};

/**
 * 'Get Started with Enterprise' (spec §2, §5, §8): sent through the contact call. Plain HTML (no antd),
 * so the pre-rendered enterprise page stays light.
 */
export function EnterpriseForm() {
  const form = usePlainForm('enterprise', EMPTY, CHECKS);
  const notify = useNotify();
  const sending = useSendContactMessage();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
    <form
      id="enterprise"
      name="enterprise"
      className="marketing-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="marketing-form__row">
        <PlainField form={form} name="name" label="Full name" autoComplete="name" placeholder="Your name" />
        <PlainField
          form={form}
          name="email"
          label="Work email"
          type="email"
          autoComplete="email"
          placeholder="you@institution.edu"
        />
      </div>
      <div className="marketing-form__row">
        <PlainField
          form={form}
          name="organization"
          label="Organization"
          autoComplete="organization"
          placeholder="University or incubator"
        />
        <PlainField
          form={form}
          name="role"
          label="Your role"
          autoComplete="organization-title"
          placeholder="e.g. Program Director"
        />
      </div>
      <PlainField
        form={form}
        name="message"
        label="Message (optional)"
        rows={5}
        placeholder="Tell us about your program and what you need"
      />
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={sending.isPending}
        aria-busy={sending.isPending}
      >
        {sending.isPending ? 'Submitting...' : 'Request a Demo'}
      </button>
    </form>
  );
}
