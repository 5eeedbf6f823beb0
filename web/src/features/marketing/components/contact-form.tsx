import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
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
import { useT } from '../../../i18n/i18n';

type Field = keyof ContactMessageInput;

const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };
const CHECKS = {
  name: minLengthRule(contactRules.name),
  email: emailRule(contactRules.email),
  subject: minLengthRule(contactRules.subject),
  message: minLengthRule(contactRules.message),
};

/**
 * The contact form (spec §5, §8): client-side minimums, 'Sending...' while pending, the server's
 * validation errors under their fields, and the values kept unless the message went out. Plain HTML (no
 * antd), so the pre-rendered contact page stays light.
 */
export function ContactForm() {
  const t = useT();
  const form = usePlainForm('contact', EMPTY, CHECKS);
  const notify = useNotify();
  const sending = useSendContactMessage();

  const onSubmit = async () => {
    if (sending.isPending || !form.validate()) return;
    const { values } = form;
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
        form.setErrors(Object.fromEntries(fieldErrors.map(([field, errors]) => [field, errors.join(' ')])));
        return;
      }
      notify.error(contactFailedToast(error));
      return;
    }
    notify.success(contactSentToast);
    form.reset();
  };

  return (
    <PlainFormElement
      name="contact"
      className="marketing-form"
      busy={sending.isPending}
      onSubmit={() => void onSubmit()}
    >
      <div className="marketing-form__row">
        <PlainField
          form={form}
          name="name"
          label={t('Name')}
          autoComplete="name"
          placeholder={t('Your name')}
        />
        <PlainField
          form={form}
          name="email"
          label={t('Email')}
          type="email"
          autoComplete="email"
          placeholder={t('you@example.com')}
        />
      </div>
      <PlainField form={form} name="subject" label={t('Subject')} placeholder={t('What is this about?')} />
      <PlainField
        form={form}
        name="message"
        label={t('Message')}
        rows={6}
        placeholder={t('How can we help?')}
      />
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={sending.isPending}
        aria-busy={sending.isPending}
      >
        {sending.isPending ? (
          <>
            <span className="button__spinner" aria-hidden="true" />
            {t('Sending...')}
          </>
        ) : (
          t('Send message')
        )}
      </button>
    </PlainFormElement>
  );
}
