import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { can, type VentureDetail } from '@app/contracts';
import { lazy, useState, type Ref } from 'react';
import { ActionButton } from '../../../components/action-button/action-button';
import { AntdIsland, useOpenedOnce } from '../../../components/antd-island/antd-island';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';
import { VENTURE_ROLE_TEXTS } from '../team-messages';
import { MembersDialog } from './members-dialog';

const loadEditDialog = () => import('./venture-edit-dialog');
const VentureEditDialog = lazy(async () => ({ default: (await loadEditDialog()).VentureEditDialog }));

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
  const [editing, setEditing] = useState(false);
  // The dialog mounts on the first Edit and stays mounted (closed) after, like any antd modal.
  const editorWanted = useOpenedOnce(editing);

  return (
    <header className="roadmap-header">
      <div>
        <p className="roadmap-header__eyebrow">
          {t('Venture roadmap')}
          {venture.role === 'owner' ? null : (
            <span className="status-tag roadmap-role" data-testid="venture-role">
              {t(VENTURE_ROLE_TEXTS[venture.role])}
            </span>
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
          <SvgIcon icon={DownloadOutlined} aria-hidden="true" /> {t('Export CSV')}
        </a>
        <a
          className="button button--secondary roadmap-export"
          href={`/api/ventures/${encodeURIComponent(venture.id)}/export.json`}
          download
        >
          <SvgIcon icon={DownloadOutlined} aria-hidden="true" /> {t('Export JSON')}
        </a>
        <MembersDialog venture={venture} />
        {/* Owners only (the venture policy's `editVenture`); the server refuses the others with 403. */}
        {can(venture.role, 'editVenture') ? (
          <ActionButton
            size="middle"
            icon={<SvgIcon icon={EditOutlined} aria-hidden="true" />}
            onClick={() => setEditing(true)}
            // The dialog's module starts loading as the pointer or focus reaches the button.
            onPointerEnter={() => void loadEditDialog()}
            onFocus={() => void loadEditDialog()}
            aria-haspopup="dialog"
          >
            {t('Edit')}
          </ActionButton>
        ) : null}
      </div>
      {editorWanted ? (
        <AntdIsland>
          <VentureEditDialog venture={venture} open={editing} onClose={() => setEditing(false)} />
        </AntdIsland>
      ) : null}
    </header>
  );
}
