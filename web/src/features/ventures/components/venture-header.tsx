import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { can, type VentureDetail } from '@app/contracts';
import { Button, Form, Modal, Tag } from 'antd';
import { useState, type Ref } from 'react';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useUpdateVenture } from '../api/update-venture';
import { VENTURE_ROLE_TEXTS } from '../team-messages';
import { ventureUpdatedToast, ventureUpdateFailedToast, type VentureFormValues } from '../venture-messages';
import { MembersDialog } from './members-dialog';
import { VentureForm, type VentureFormInput } from './venture-form';

interface VentureHeaderProps {
  venture: VentureDetail;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The roadmap's heading with the venture's name and description, and Edit (spec §2). The
 * heading takes focus when the page opens, so screen readers start at the venture's name.
 */
export function VentureHeader({ venture, headingRef }: VentureHeaderProps) {
  const t = useT();
  const notify = useNotify();
  const [form] = Form.useForm<VentureFormValues>();
  const [editing, setEditing] = useState(false);
  const update = useUpdateVenture();

  const save = async (input: VentureFormInput) => {
    try {
      await update.mutateAsync({ id: venture.id, ...input });
    } catch (error) {
      notify.error(ventureUpdateFailedToast(error));
      return;
    }
    notify.success(ventureUpdatedToast);
    setEditing(false);
  };

  const startEditing = () => {
    form.setFieldsValue({
      name: venture.name,
      blurb: venture.blurb ?? '',
      timeZone: venture.timeZone,
      targetLaunchDate: venture.targetLaunchDate,
    });
    setEditing(true);
  };

  return (
    <header className="roadmap-header">
      <div>
        <p className="roadmap-header__eyebrow">
          {t('Venture roadmap')}
          {venture.role === 'owner' ? null : (
            <Tag className="roadmap-role" data-testid="venture-role">
              {t(VENTURE_ROLE_TEXTS[venture.role])}
            </Tag>
          )}
        </p>
        <h1 ref={headingRef} tabIndex={-1} className="roadmap-header__title">
          {venture.name}
        </h1>
        {venture.blurb ? <p className="roadmap-header__blurb">{venture.blurb}</p> : null}
      </div>
      <div className="roadmap-header__actions">
        {/* Same-origin downloads: the session cookie goes along, the server names the file. */}
        <a
          className="button button--secondary roadmap-export"
          href={`/api/ventures/${encodeURIComponent(venture.id)}/export.csv`}
          download
        >
          <DownloadOutlined aria-hidden="true" /> {t('Export CSV')}
        </a>
        <a
          className="button button--secondary roadmap-export"
          href={`/api/ventures/${encodeURIComponent(venture.id)}/export.json`}
          download
        >
          <DownloadOutlined aria-hidden="true" /> {t('Export JSON')}
        </a>
        <MembersDialog venture={venture} />
        {/* Owners only (the venture policy's `editVenture`); the server refuses the others with 403. */}
        {can(venture.role, 'editVenture') ? (
          <Button icon={<EditOutlined aria-hidden="true" />} onClick={startEditing} aria-haspopup="dialog">
            {t('Edit')}
          </Button>
        ) : null}
      </div>
      <Modal
        open={editing}
        title={t('Edit venture')}
        onCancel={() => setEditing(false)}
        footer={null}
        forceRender
      >
        <VentureForm
          name="edit-venture"
          form={form}
          variant="dialog"
          initialValues={{
            name: venture.name,
            blurb: venture.blurb ?? '',
            timeZone: venture.timeZone,
            targetLaunchDate: venture.targetLaunchDate,
          }}
          submitLabel={t('Save changes')}
          pending={update.isPending}
          onSubmit={save}
          secondaryActions={<Button onClick={() => setEditing(false)}>{t('Cancel')}</Button>}
        />
      </Modal>
    </header>
  );
}
