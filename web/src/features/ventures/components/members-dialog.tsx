import { TeamOutlined } from '@ant-design/icons';
import { can, type VentureDetail } from '@app/contracts';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { useT } from '../../../i18n/i18n';

const loadBody = () => import('./members-dialog-body');
const MembersDialogBody = lazy(async () => ({ default: (await loadBody()).MembersDialogBody }));

/**
 * The roadmap header's Share button (Members for those who cannot invite) and its dialog (issue 16); the
 * dialog's content is members-dialog-body.tsx, loaded when the dialog first opens.
 */
export function MembersDialog({ venture }: { venture: VentureDetail }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const manages = can(venture.role, 'manageMembers');
  return (
    <>
      <Button
        icon={<TeamOutlined aria-hidden="true" />}
        onClick={() => setOpen(true)}
        // The content's module starts loading as the pointer or focus reaches the button.
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        aria-haspopup="dialog"
      >
        {manages ? t('Share') : t('Members')}
      </Button>
      <Modal
        open={open}
        title={
          manages ? t('Share {name}', { name: venture.name }) : t('Members of {name}', { name: venture.name })
        }
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('Close')}</Button>}
        width={640}
        destroyOnHidden
      >
        <Suspense fallback={<PageSpinner label={t('Loading the members')} />}>
          <MembersDialogBody venture={venture} onLeft={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
