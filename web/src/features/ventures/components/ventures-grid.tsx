import { DeleteOutlined, EditOutlined, RightOutlined } from '@ant-design/icons';
import type { VentureSummary } from '@app/contracts';
import { Alert, App, Button, Skeleton, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { formatUsShortDate } from '../../../lib/dates';
import { useNotify } from '../../../lib/notify';
import { useDeleteVenture } from '../api/delete-venture';
import { useVentures } from '../api/get-ventures';
import { VENTURE_ROLE_TEXTS } from '../team-messages';
import { ventureDeletedToast, ventureDeleteFailedToast, venturesLoadFailedText } from '../venture-messages';

interface VenturesGridProps {
  /** The venture in the form above, if any: its card says so. */
  editingId: string | null;
  onEdit: (venture: VentureSummary) => void;
  /** Called once a venture is deleted (the form leaves edit mode if it was that one). */
  onDeleted: (id: string) => void;
  /** A venture whose Edit button gets focus back (the form just left editing it); cleared with onFocusReturned. */
  returnFocusTo?: string | null;
  onFocusReturned?: () => void;
}

/** Your Ventures (spec §2 "Account"): one card per venture, or 'No ventures yet'. */
export function VenturesGrid({
  editingId,
  onEdit,
  onDeleted,
  returnFocusTo = null,
  onFocusReturned,
}: VenturesGridProps) {
  const t = useT();
  const { modal } = App.useApp();
  const notify = useNotify();
  const ventures = useVentures();
  const deletion = useDeleteVenture();
  const editButtons = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    // After editing ends, keyboard users continue from the venture they edited.
    if (returnFocusTo === null) return;
    editButtons.current.get(returnFocusTo)?.focus();
    onFocusReturned?.();
  }, [returnFocusTo, onFocusReturned]);

  const confirmDelete = (venture: VentureSummary) => {
    modal.confirm({
      title: t('Delete "{name}"?', { name: venture.name }),
      content: t(
        'The venture and its roadmap with all task progress will be deleted. This cannot be undone.',
      ),
      okText: t('Delete'),
      okButtonProps: { danger: true },
      cancelText: t('Cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await deletion.mutateAsync(venture.id);
        } catch (error) {
          notify.error(ventureDeleteFailedToast(error));
          return;
        }
        notify.success(ventureDeletedToast(venture.name));
        onDeleted(venture.id);
      },
    });
  };

  let body;
  if (ventures.isPending) {
    body = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('Loading your ventures')}</span>
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (ventures.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t(venturesLoadFailedText)}
        description={t(ventures.error.message)}
        action={
          <Button size="small" onClick={() => void ventures.refetch()} loading={ventures.isFetching}>
            {t('Try again')}
          </Button>
        }
      />
    );
  } else if (ventures.data.every((venture) => venture.role !== 'owner')) {
    body = (
      <div className="manage-ventures-empty">
        <p className="manage-ventures-empty__title">{t('No ventures yet')}</p>
        <p className="account-card__hint">
          {t('Add your first venture with the form above to get its roadmap.')}
        </p>
      </div>
    );
  } else {
    body = (
      <ul className="manage-ventures" aria-label={t('Your ventures')}>
        {ventures.data
          .filter((venture) => venture.role === 'owner')
          .map((venture) => (
            <li
              key={venture.id}
              className={
                venture.id === editingId ? 'manage-venture manage-venture--editing' : 'manage-venture'
              }
              data-testid="venture-card"
            >
              <h3 className="manage-venture__name">{venture.name}</h3>
              {venture.blurb ? (
                <p className="manage-venture__blurb">{venture.blurb}</p>
              ) : (
                <p className="manage-venture__blurb manage-venture__blurb--empty">{t('No description')}</p>
              )}
              <p className="manage-venture__date">
                {t('Created {date}', { date: formatUsShortDate(venture.createdAt) })}
              </p>
              <div className="manage-venture__actions">
                <Button
                  ref={(button) => {
                    if (button) editButtons.current.set(venture.id, button);
                    else editButtons.current.delete(venture.id);
                  }}
                  size="small"
                  icon={<EditOutlined aria-hidden="true" />}
                  aria-label={t('Edit {name}', { name: venture.name })}
                  onClick={() => onEdit(venture)}
                >
                  {t('Edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={t('Delete {name}', { name: venture.name })}
                  onClick={() => confirmDelete(venture)}
                >
                  {t('Delete')}
                </Button>
                <Link
                  className="manage-venture__view"
                  to={paths.venture.getHref(venture.id)}
                  aria-label={t('View Roadmap of {name}', { name: venture.name })}
                >
                  {t('View Roadmap')} <RightOutlined aria-hidden="true" />
                </Link>
              </div>
            </li>
          ))}
      </ul>
    );
  }
  const shared = ventures.data?.filter((venture) => venture.role !== 'owner') ?? [];

  return (
    <section className="account-card account-card--wide" aria-labelledby="ventures-heading">
      <h2 id="ventures-heading" className="account-card__title">
        {t('Your Ventures')}
      </h2>
      {body}
      {shared.length > 0 ? <SharedVentures ventures={shared} /> : null}
    </section>
  );
}

/** "Shared with me" (issue 16): the ventures the user is a member of but does not own, with their role. */
function SharedVentures({ ventures }: { ventures: readonly VentureSummary[] }) {
  const t = useT();
  return (
    <>
      <h3 id="shared-ventures-heading" className="account-card__subtitle">
        {t('Shared with me')}
      </h3>
      <ul className="manage-ventures" aria-labelledby="shared-ventures-heading">
        {ventures.map((venture) => (
          <li key={venture.id} className="manage-venture" data-testid="shared-venture-card">
            <h4 className="manage-venture__name">
              {venture.name}{' '}
              <Tag className="manage-venture__role" data-testid="venture-role">
                {t(VENTURE_ROLE_TEXTS[venture.role])}
              </Tag>
            </h4>
            {venture.blurb ? (
              <p className="manage-venture__blurb">{venture.blurb}</p>
            ) : (
              <p className="manage-venture__blurb manage-venture__blurb--empty">{t('No description')}</p>
            )}
            <p className="manage-venture__date">
              {t('Created {date}', { date: formatUsShortDate(venture.createdAt) })}
            </p>
            <div className="manage-venture__actions">
              <Link
                className="manage-venture__view"
                to={paths.venture.getHref(venture.id)}
                aria-label={t('View Roadmap of {name}', { name: venture.name })}
              >
                {t('View Roadmap')} <RightOutlined aria-hidden="true" />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
