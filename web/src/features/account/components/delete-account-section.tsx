import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useFieldProblems } from '../../../components/use-field-problems';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { useNotify } from '../../../lib/notify';
import {
  accountDeletedToast,
  accountDeleteFailedToast,
  adminCannotDeleteNote,
  DELETE_CONFIRMATION_WORD,
  deleteAccountError,
  type DeleteAccountFormValues,
} from '../account-messages';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountSectionProps {
  isAdmin: boolean;
  /** The account's e-mail, for password managers (a hidden field). */
  username: string;
}

/**
 * Delete Account (spec §5, §6): the word DELETE exactly and the password confirm it; afterwards the
 * session is over and the user lands on `/`. Administrators cannot delete themselves here.
 */
export function DeleteAccountSection({ isAdmin, username }: DeleteAccountSectionProps) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<DeleteAccountFormValues>();
  const deletion = useDeleteAccount();
  const problems = useFieldProblems(form);
  const [open, setOpen] = useState(false);

  const onFinish = async (values: DeleteAccountFormValues) => {
    const problem = deleteAccountError(values);
    if (problem) {
      problems.show(problem);
      return;
    }
    try {
      await deletion.mutateAsync(values.password ?? '');
    } catch (error) {
      notify.error(accountDeleteFailedToast(error));
      return;
    }
    notify.success(accountDeletedToast);
  };

  const close = () => {
    if (deletion.isPending) return;
    setOpen(false);
    form.resetFields();
  };

  return (
    <div className="account-danger">
      <p className="account-card__hint">
        {t(
          'Deleting your account permanently removes your profile and all of your ventures and their roadmaps. This cannot be undone.',
        )}
      </p>
      <Button
        danger
        icon={<DeleteOutlined aria-hidden="true" />}
        disabled={isAdmin}
        aria-describedby={isAdmin ? 'admin-delete-note' : undefined}
        onClick={() => setOpen(true)}
      >
        {t('Delete Account')}
      </Button>
      {isAdmin && (
        <p id="admin-delete-note" className="account-danger__note" data-testid="admin-delete-note">
          {t(adminCannotDeleteNote)}
        </p>
      )}

      <Modal
        open={open}
        title={t('Delete your account?')}
        onCancel={close}
        footer={null}
        mask={{ closable: !deletion.isPending }}
        closable={!deletion.isPending}
      >
        <p>
          <Trans
            id="This permanently deletes your account, your ventures and their roadmaps. To confirm, type <0>{word}</0> and enter your password."
            values={{ word: DELETE_CONFIRMATION_WORD }}
            components={{ 0: <strong /> }}
          />
        </p>
        <Form<DeleteAccountFormValues>
          name="delete-account"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={problems.clearChanged}
          disabled={deletion.isPending}
        >
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <Form.Item
            label={t('Type {word} to confirm', { word: DELETE_CONFIRMATION_WORD })}
            name="confirmation"
          >
            <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} autoFocus />
          </Form.Item>
          <Form.Item label={t('Password')} name="password">
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <div className="account-form__actions">
            <Button onClick={close}>{t('Cancel')}</Button>
            <Button danger type="primary" htmlType="submit" loading={deletion.isPending}>
              {t('Delete My Account')}
            </Button>
          </div>
        </Form>
      </Modal>
    </div>
  );
}
