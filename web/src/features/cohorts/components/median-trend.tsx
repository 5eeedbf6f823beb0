import type { CohortDashboard } from '@app/contracts';
import { useT } from '../../../i18n/i18n';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 24;

/** The weekly median progress, as a line chart (a picture) and the same figures as a table. */
export function MedianTrend({ trend, median }: { trend: CohortDashboard['trend']; median: number }) {
  const t = useT();
  const points = trend.map((week, index) => {
    const x = trend.length === 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (trend.length - 1);
    const y = HEIGHT - PAD - (week.medianProgress / 100) * (HEIGHT - 2 * PAD);
    return { x, y, week };
  });
  return (
    <section className="cohort-trend" aria-labelledby="cohort-trend-title">
      <h2 id="cohort-trend-title">{t('Median progress by week')}</h2>
      <p>
        {t('Median progress now:')} <strong data-testid="median-now">{median} %</strong>
      </p>
      {trend.length === 0 ? (
        <p className="cohort-trend__empty">
          {t("The first weekly snapshot is taken during the program's first week.")}
        </p>
      ) : (
        <>
          <svg
            width={WIDTH}
            height={HEIGHT}
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            role="img"
            aria-label={t(
              'Median progress over {count} {count, plural, one {week} other {weeks}}, from {first} % to {last} %',
              { count: trend.length, first: trend[0]!.medianProgress, last: trend.at(-1)!.medianProgress },
            )}
          >
            <line
              x1={PAD}
              y1={HEIGHT - PAD}
              x2={WIDTH - PAD}
              y2={HEIGHT - PAD}
              className="cohort-trend__axis"
            />
            <polyline
              points={points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              className="cohort-trend__line"
            />
            {points.map((p) => (
              <circle key={p.week.weekStart} cx={p.x} cy={p.y} r={3} className="cohort-trend__point" />
            ))}
          </svg>
          <table className="cohort-trend__table">
            <caption className="visually-hidden">{t('Median progress by week')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Week of')}</th>
                <th scope="col">{t('Median progress')}</th>
              </tr>
            </thead>
            <tbody>
              {trend.map((week) => (
                <tr key={week.weekStart}>
                  <td>{week.weekStart}</td>
                  <td>{week.medianProgress} %</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
