import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { can, type VentureDetail } from '@app/contracts';
import { Button, Tag } from 'antd';
import { lazy, Suspense, useState, type Ref } from 'react';
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
  const [editorWanted, setEditorWanted] = useState(false);

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
          <Button
            icon={<EditOutlined aria-hidden="true" />}
            onClick={() => {
              setEditorWanted(true);
              setEditing(true);
            }}
            // The dialog's module starts loading as the pointer or focus reaches the button.
            onPointerEnter={() => void loadEditDialog()}
            onFocus={() => void loadEditDialog()}
            aria-haspopup="dialog"
          >
            {t('Edit')}
          </Button>
        ) : null}
      </div>
      {editorWanted ? (
        <Suspense fallback={null}>
          <VentureEditDialog venture={venture} open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
