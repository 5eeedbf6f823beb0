import { EditOutlined } from '@ant-design/icons';
import { PROFILE_FIELDS, type ProfileField } from '@app/contracts';
import { Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../entities/session-user/get-session-user';
import { translate, useT } from '../../../i18n/i18n';
import { formatUsShortDate } from '../../../lib/dates';
import { useNotify } from '../../../lib/notify';
import {
  profileChangesOf,
  profileFieldError,
  profileFormValuesOf,
  profileLabels,
  profileUpdatedToast,
  profileUpdateFailedToast,
  type ProfileFormValues,
} from '../account-messages';
import { useUpdateProfile } from '../api/update-profile';

const autoCompleteOf: Record<ProfileField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  jobTitle: 'organization-title',
  department: 'off',
  phoneNumber: 'tel',
};

/** An antd rule that asks the shared profile rule about one field. */
function ruleFor(field: ProfileField) {
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      const message = profileFieldError(field, value);
      if (message !== null) throw new Error(translate(message));
    },
  };
}

interface ProfileCardProps {
  user: SessionUser;
}

/** Profile Information (spec §2 "Account"): e-mail, Member Since and the profile fields that are set. */
export function ProfileCard({ user }: ProfileCardProps) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<ProfileFormValues>();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const left = useRef(false);

  useEffect(() => {
    // Focus follows the switch: into the first field when editing starts, back to Edit Profile after.
    if (editing) form.focusField('firstName');
    else if (left.current) editButton.current?.focus();
  }, [editing, form]);

  const startEditing = () => {
    form.setFieldsValue(profileFormValuesOf(user));
    setEditing(true);
  };

  const stopEditing = () => {
    left.current = true;
    setEditing(false);
  };

  const save = async (values: ProfileFormValues) => {
    try {
      await update.mutateAsync(profileChangesOf(values));
    } catch (error) {
      notify.error(profileUpdateFailedToast(error));
      return;
    }
    notify.success(profileUpdatedToast);
    stopEditing();
  };

  const shownFields = PROFILE_FIELDS.filter((field) => (user[field] ?? '') !== '');

  return (
    <section className="account-card" aria-labelledby="profile-heading">
      <div className="account-card__header">
        <h2 id="profile-heading" className="account-card__title">
          {t('Profile Information')}
        </h2>
        {!editing && (
          <Button ref={editButton} icon={<EditOutlined aria-hidden="true" />} onClick={startEditing}>
            {t('Edit Profile')}
          </Button>
        )}
      </div>

      <dl className="account-profile">
        <div className="account-profile__row">
          <dt>{t('Email')}</dt>
          <dd data-testid="profile-email">{user.username}</dd>
        </div>
        <div className="account-profile__row">
          <dt>{t('Member Since')}</dt>
          <dd>{formatUsShortDate(user.createdAt)}</dd>
        </div>
        {!editing &&
          shownFields.map((field) => (
            <div key={field} className="account-profile__row">
              <dt>{t(profileLabels[field])}</dt>
              <dd data-testid={`profile-${field}`}>{user[field]}</dd>
            </div>
          ))}
      </dl>

      {!editing && shownFields.length === 0 && (
        <p className="account-card__hint">
          {t('Add your name, job title, department and phone number with Edit Profile.')}
        </p>
      )}

      {editing && (
        <Form<ProfileFormValues>
          name="profile"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={save}
          disabled={update.isPending}
          className="account-form"
        >
          <div className="account-form__pair">
            {PROFILE_FIELDS.map((field) => (
              <Form.Item
                key={field}
                label={t(profileLabels[field])}
                name={field}
                rules={[ruleFor(field)]}
                validateTrigger="onBlur"
                extra={field === 'phoneNumber' ? t('Digits, spaces and + ( ) . - only') : undefined}
              >
                <Input type={field === 'phoneNumber' ? 'tel' : 'text'} autoComplete={autoCompleteOf[field]} />
              </Form.Item>
            ))}
          </div>
          <div className="account-form__actions">
            <Button onClick={stopEditing} disabled={update.isPending}>
              {t('Cancel')}
            </Button>
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('Save Profile')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
