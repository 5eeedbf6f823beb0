import { Alert, Card, Skeleton, Statistic } from 'antd';
import { msg, useT } from '../../../i18n/i18n';
import { useAdminStats } from '../api/admin-queries';

const FIGURES = [
  { key: 'userCount', label: msg('Users') },
  { key: 'ventureCount', label: msg('Ventures') },
  { key: 'taskCount', label: msg('Tasks') },
  { key: 'completedTaskCount', label: msg('Completed tasks') },
] as const;

/** The dashboard's statistics (spec §3 "Admin stats"). */
export function StatsOverview() {
  const t = useT();
  const stats = useAdminStats();
  return (
    <section className="admin-stats" aria-labelledby="admin-stats-heading" aria-busy={stats.isFetching}>
      <h2 id="admin-stats-heading" className="visually-hidden">
        {t('Statistics')}
      </h2>
      {stats.isError ? (
        <Alert type="error" showIcon title={t('The statistics could not be loaded.')} />
      ) : (
        <ul className="admin-stats__list">
          {FIGURES.map(({ key, label }) => (
            <li key={key}>
              <Card size="small" className="admin-stats__card">
                {stats.data ? (
                  <Statistic title={t(label)} value={stats.data[key]} data-testid={`stat-${key}`} />
                ) : (
                  <Skeleton active paragraph={false} title={{ width: '60%' }} />
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
