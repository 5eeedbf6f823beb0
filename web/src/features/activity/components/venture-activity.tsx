import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { ActionButton } from '../../../components/action-button/action-button';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';
import { useActivity } from '../api/get-activity';
import { ActivityFeed } from './activity-feed';

/**
 * The roadmap's Activity panel (issue 16): the venture's history, newest first, with a refresh. Plain markup
 * (issue 22): it renders with the roadmap's last cards, before antd has loaded.
 */
export function VentureActivity({ ventureId }: { ventureId: string }) {
  const t = useT();
  const activity = useActivity(ventureId);
  return (
    <section className="venture-activity" aria-labelledby="venture-activity-title">
      <div className="venture-activity__header">
        <h2 id="venture-activity-title" className="venture-activity__title">
          {t('Activity')}
        </h2>
        <ActionButton
          icon={<SvgIcon icon={ReloadOutlined} aria-hidden="true" />}
          onClick={() => void activity.refetch()}
          loading={activity.isRefetching && !activity.isFetchingNextPage}
        >
          {t('Refresh')}
        </ActionButton>
      </div>
      <ActivityFeed ventureId={ventureId} label={t('Venture activity')} />
    </section>
  );
}
