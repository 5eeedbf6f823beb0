import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import { can, type VentureDetail } from '@app/contracts';
import { lazy, useState } from 'react';
import { ActionButton } from '../../../components/action-button/action-button';
import { AntdIsland, useOpenedOnce } from '../../../components/antd-island/antd-island';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';

const loadBody = () => import('./members-dialog-body');
const MembersModal = lazy(async () => ({ default: (await loadBody()).MembersModal }));

/**
 * The roadmap header's Share button (Members for those who cannot invite) and its dialog (issue 16); the
 * dialog (members-dialog-body.tsx, antd) loads as the pointer or focus reaches the button, and renders in an
 * antd island from the first click (issue 22: the roadmap's first render has no antd).
 */
export function MembersDialog({ venture }: { venture: VentureDetail }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const wanted = useOpenedOnce(open);
  const manages = can(venture.role, 'manageMembers');
  return (
    <>
      <ActionButton
        size="middle"
        icon={<SvgIcon icon={TeamOutlined} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        // The content's module starts loading as the pointer or focus reaches the button.
        onPointerEnter={() => void loadBody()}
        onFocus={() => void loadBody()}
        aria-haspopup="dialog"
      >
        {manages ? t('Share') : t('Members')}
      </ActionButton>
      {wanted ? (
        <AntdIsland>
          <MembersModal venture={venture} open={open} onClose={() => setOpen(false)} />
        </AntdIsland>
      ) : null}
    </>
  );
}
