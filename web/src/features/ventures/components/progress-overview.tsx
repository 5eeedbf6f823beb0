import type { Progress } from '@app/contracts';
import { ProgressCircle } from '../../../components/plain-progress/plain-progress';
import { useT } from '../../../i18n/i18n';
import { progressValueText } from '../progress';
import { TASK_STATUS_TEXTS } from '../task-status';

/** The overall progress card (spec §2): percentage, completed, in progress and blocked counts. */
export function ProgressOverview({ progress }: { progress: Progress }) {
  const t = useT();
  const stats = [
    { key: 'done', label: t('Completed'), value: progress.completed },
    { key: 'in-progress', label: t(TASK_STATUS_TEXTS.in_progress), value: progress.inProgress },
    { key: 'blocked', label: t(TASK_STATUS_TEXTS.blocked), value: progress.blocked },
    { key: 'todo', label: t(TASK_STATUS_TEXTS.todo), value: progress.todo },
  ];
  return (
    <section className="roadmap-card progress-overview" aria-labelledby="progress-overview-title">
      <ProgressCircle
        percent={progress.percentage}
        size={132}
        aria-label={t('Overall progress')}
        aria-valuetext={progressValueText(progress.completed, progress.total, progress.percentage)}
        data-testid="overall-progress"
      />
      <div className="progress-overview__details">
        <h2 id="progress-overview-title" className="progress-overview__title">
          {t('Overall progress')}
        </h2>
        <dl className="progress-overview__stats">
          {stats.map((stat) => (
            <div
              key={stat.key}
              className={`progress-overview__stat progress-overview__stat--${stat.key}`}
              data-testid={`overall-${stat.key}`}
            >
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
