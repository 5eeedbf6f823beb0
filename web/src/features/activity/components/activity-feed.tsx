import type { ActivityEntry } from '@app/contracts';
import { useMemo } from 'react';
import { ActionButton } from '../../../components/action-button/action-button';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { useActivity } from '../api/get-activity';
import { activitySentence, activityTaskId } from '../activity-sentence';
import '../activity.css';

interface ActivityFeedProps {
  ventureId: string;
  /** Only this task's entries (the task drawer's History); the whole venture's when absent. */
  taskId?: string;
  /** An accessible name for the list (translated). */
  label: string;
}

/**
 * A venture's history, newest first (issue 16): who did what, and when. "Load more" reads the next page by
 * cursor. For one task, the venture's pages are read and that task's entries shown.
 */
export function ActivityFeed({ ventureId, taskId, label }: ActivityFeedProps) {
  const t = useT();
  const { data: user } = useSessionUser();
  const activity = useActivity(ventureId);
  const entries = useMemo<ActivityEntry[]>(() => {
    const all = activity.data?.pages.flatMap((page) => page.entries) ?? [];
    return taskId === undefined ? all : all.filter((entry) => activityTaskId(entry) === taskId);
  }, [activity.data, taskId]);

  if (activity.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('Loading the history')}</span>
        <div className="activity-feed__skeleton" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      </div>
    );
  }
  if (activity.isError) {
    return (
      <PlainAlert
        tone="error"
        role="alert"
        title={t('The history could not be loaded.')}
        description={failureText(activity.error, t('Please try again.'))}
        action={
          <ActionButton onClick={() => void activity.refetch()} loading={activity.isFetching}>
            {t('Try again')}
          </ActionButton>
        }
      />
    );
  }

  return (
    <div className="activity-feed">
      {entries.length === 0 ? (
        <p className="activity-feed__empty">
          {activity.hasNextPage
            ? t('Nothing about this task in the latest changes.')
            : taskId === undefined
              ? t('Nothing has happened yet.')
              : t('Nothing has happened to this task yet.')}
        </p>
      ) : (
        <ol className="activity-feed__list" aria-label={label} data-testid="activity-list">
          {entries.map((entry) => (
            <li key={entry.id} className="activity-feed__entry" data-testid="activity-entry">
              <span className="activity-feed__text">{activitySentence(entry, user?.id)}</span>
              <time className="activity-feed__time" dateTime={entry.at} title={formatDateTime(entry.at)}>
                {formatRelativeTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {activity.hasNextPage ? (
        <ActionButton
          size="middle"
          className="activity-feed__more"
          onClick={() => void activity.fetchNextPage()}
          loading={activity.isFetchingNextPage}
        >
          {t('Load more')}
        </ActionButton>
      ) : null}
    </div>
  );
}
