import { Link, useNavigate } from 'react-router-dom';
import { BRANDED_BUTTON_STYLE } from '../../../components/branded-registration/branded-registration';
import { emailCheck, minLengthCheck } from '../../../components/plain-form/checks';
import { FormButton } from '../../../components/plain-form/form-button';
import { PlainField } from '../../../components/plain-form/plain-field';
import { PlainFormElement } from '../../../components/plain-form/plain-form-element';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { paths } from '../../../config/paths';
import { translate, useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/single-flight';
import { useRegisterWithOrganization } from '../api/register-with-organization';
import {
  INVALID_EMAIL,
  MIN_PASSWORD_LENGTH,
  organizationRegistrationFailedToast,
  organizationRegistrationSucceededToast,
  shortPasswordMessage,
} from '../organization-messages';

type Field = 'username' | 'password';

const EMPTY: Record<Field, string> = { username: '', password: '' };
// The spec's one message for each field, whether it is empty or wrong (§5 "Organization registration").
const invalidEmail = () => translate(INVALID_EMAIL);
const CHECKS = {
  username: emailCheck(invalidEmail, invalidEmail),
  password: minLengthCheck(MIN_PASSWORD_LENGTH, shortPasswordMessage, shortPasswordMessage),
};

interface OrganizationRegistrationFormProps {
  slug: string;
}

/**
 * Email and Password, then Register in the organization's secondary colour (spec §2, §5), inside
 * `BrandedRegistration`. Plain markup (issue 22): the branded page is a public page and loads no antd; the
 * first toast does.
 */
export function OrganizationRegistrationForm({ slug }: OrganizationRegistrationFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = usePlainForm('organization-registration', EMPTY, CHECKS);
  const registration = useRegisterWithOrganization(slug);
  const once = useSingleFlight();

  const onSubmit = once(async () => {
    if (!form.validate()) return;
    const { username, password } = form.values;
    try {
      await registration.mutateAsync({ username: username.trim(), password });
    } catch (error) {
      notify.error(organizationRegistrationFailedToast(error));
      return;
    }
    notify.success(organizationRegistrationSucceededToast);
    await navigate(paths.home.getHref());
  });

  const busy = registration.isPending;
  return (
    <PlainFormElement
      name="organization-registration"
      className="org-registration-form"
      busy={busy}
      onSubmit={() => void onSubmit()}
    >
      <PlainField
        form={form}
        name="username"
        label={t('Email')}
        type="email"
        autoComplete="email"
        placeholder={t('you@example.com')}
        readOnly={busy}
      />
      <PlainField
        form={form}
        name="password"
        label={t('Password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('6+ characters')}
        readOnly={busy}
      />
      <FormButton busy={busy} style={BRANDED_BUTTON_STYLE}>
        {busy ? t('Registering...') : t('Register')}
      </FormButton>
      <Link to={paths.auth.getHref()} className="org-registration-form__regular">
        {t('Use regular registration instead')}
      </Link>
    </PlainFormElement>
  );
}
