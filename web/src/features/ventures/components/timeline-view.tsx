import { CheckOutlined, ExclamationCircleOutlined, FlagOutlined } from '@ant-design/icons';
import type { CalendarDate, VentureTask } from '@app/contracts';
import { Button } from 'antd';
import { useId, useMemo, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { currentLocale, useT } from '../../../i18n/i18n';
import type { CategoryGroup } from '../progress';
import { TASK_STATUS_TEXTS } from '../task-status';
import { barGeometry, barLabel, barTone, dayColumn, timelineRange } from '../timeline';
import { taskOpenerId } from './task-card';

export type TimelineMode = 'chart' | 'table';

interface TimelineViewProps {
  groups: readonly CategoryGroup[];
  today: CalendarDate;
  targetLaunchDate: CalendarDate | null;
  /** The search that opens a task's drawer (`?task=…`). */
  drawerSearch: (task: VentureTask) => string;
  onOpenTask: (task: VentureTask) => void;
  mode: TimelineMode;
  onMode: (mode: TimelineMode) => void;
}

/** Width of one day column, in pixels (a month is about 300 px wide). */
const DAY_PX = 10;

/**
 * The roadmap's timeline (issue 17): months across, one lane per category, a bar from start to due for each
 * dated task (one day for a task with one date), today's line and the target launch date. Overdue bars are
 * red with a diagonal stripe and an icon, done bars muted with a check, so no state is told by colour alone.
 * Every bar is a button named with its dates and status; the Table mode shows the same as a table.
 * Undated tasks are listed apart below.
 */
export function TimelineView({
  groups,
  today,
  targetLaunchDate,
  drawerSearch,
  onOpenTask,
  mode,
  onMode,
}: TimelineViewProps) {
  const t = useT();
  const titleId = useId();
  const allTasks = useMemo(() => groups.flatMap((group) => group.tasks), [groups]);
  // The months' names follow the language (useT re-renders on a change).
  const locale = currentLocale();
  const range = useMemo(
    () => timelineRange(allTasks, today, targetLaunchDate, locale),
    [allTasks, today, targetLaunchDate, locale],
  );
  const undated = allTasks.filter((task) => !task.startDate && !task.dueDate);
  const datedGroups = groups
    .map((group) => ({ ...group, tasks: group.tasks.filter((task) => task.startDate || task.dueDate) }))
    .filter((group) => group.tasks.length > 0);
  const gridStyle = {
    '--timeline-days': range.days,
    '--timeline-day': `${DAY_PX}px`,
  } as CSSProperties;
  const todayColumn = dayColumn(range, today);
  const launchColumn = targetLaunchDate ? dayColumn(range, targetLaunchDate) : null;

  return (
    <section className="timeline" aria-labelledby={titleId} data-testid="timeline">
      <div className="timeline__header">
        <h3 id={titleId} className="timeline__title">
          {t('Timeline')}
        </h3>
        <p className="timeline__legend">
          <span className="timeline__key timeline__key--today">{t('Today ({date})', { date: today })}</span>
          {targetLaunchDate ? (
            <span className="timeline__key timeline__key--launch">
              <FlagOutlined aria-hidden="true" /> {t('Target launch ({date})', { date: targetLaunchDate })}
            </span>
          ) : null}
          <span className="timeline__key timeline__key--overdue">
            <ExclamationCircleOutlined aria-hidden="true" /> {t('Overdue')}
          </span>
          <span className="timeline__key timeline__key--done">
            <CheckOutlined aria-hidden="true" /> {t('Done')}
          </span>
        </p>
        <div role="group" aria-label={t('Timeline view')} className="timeline__modes">
          <Button
            size="small"
            aria-pressed={mode === 'chart'}
            type={mode === 'chart' ? 'primary' : 'default'}
            onClick={() => onMode('chart')}
          >
            {t('Chart')}
          </Button>
          <Button
            size="small"
            aria-pressed={mode === 'table'}
            type={mode === 'table' ? 'primary' : 'default'}
            onClick={() => onMode('table')}
          >
            {t('Table')}
          </Button>
        </div>
      </div>

      {datedGroups.length === 0 ? (
        <p className="timeline__empty">
          {t(
            'No task has a date yet. Open a task and set its start or due date to place it on the timeline.',
          )}
        </p>
      ) : mode === 'table' ? (
        <TimelineTable groups={datedGroups} today={today} onOpenTask={onOpenTask} />
      ) : (
        <div className="timeline__scroll">
          <div className="timeline__grid" style={gridStyle} data-range-start={range.start}>
            <div className="timeline__months" aria-hidden="true">
              {range.months.map((month) => (
                <span
                  key={month.key}
                  className="timeline__month"
                  style={{ gridColumn: `${month.column} / span ${month.days}` }}
                >
                  {month.label}
                </span>
              ))}
            </div>
            <span
              className="timeline__today"
              style={{ left: `${(todayColumn - 1) * DAY_PX}px`, width: `${DAY_PX}px` }}
              data-testid="timeline-today"
              data-column={todayColumn}
              aria-hidden="true"
            />
            {launchColumn !== null ? (
              <span
                className="timeline__launch"
                style={{ left: `${(launchColumn - 1) * DAY_PX}px`, width: `${DAY_PX}px` }}
                data-testid="timeline-launch"
                title={t('Target launch {date}', { date: targetLaunchDate })}
                aria-hidden="true"
              >
                <FlagOutlined />
              </span>
            ) : null}
            {datedGroups.map((group) => (
              <div
                key={group.category}
                className="timeline__lane"
                role="group"
                aria-label={t(group.category)}
              >
                <span className="timeline__lane-title" aria-hidden="true">
                  {t(group.category)}
                </span>
                {group.tasks.map((task) => {
                  const bar = barGeometry(range, task);
                  if (!bar) return null;
                  const tone = barTone(task, today);
                  const label = barLabel(task, today);
                  return (
                    <div key={task.id} className="timeline__row">
                      <button
                        type="button"
                        id={taskOpenerId(task.id)}
                        className={`timeline__bar timeline__bar--${tone}`}
                        style={{ gridColumn: `${bar.column} / span ${bar.span}` }}
                        aria-label={label}
                        title={label}
                        aria-haspopup="dialog"
                        data-testid="timeline-bar"
                        data-task-id={task.id}
                        data-column={bar.column}
                        data-span={bar.span}
                        onClick={() => onOpenTask(task)}
                      >
                        {tone === 'overdue' ? <ExclamationCircleOutlined aria-hidden="true" /> : null}
                        {tone === 'done' ? <CheckOutlined aria-hidden="true" /> : null}
                        <span className="timeline__bar-title">{task.title}</span>
                      </button>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}

      {undated.length > 0 ? (
        <details className="timeline__undated" data-testid="timeline-undated">
          <summary>{t('Not scheduled ({count})', { count: undated.length })}</summary>
          <ul>
            {undated.map((task) => (
              <li key={task.id}>
                <Link id={taskOpenerId(task.id)} to={{ search: drawerSearch(task) }} aria-haspopup="dialog">
                  {task.title}
                </Link>{' '}
                <span className="timeline__undated-meta">
                  {t(task.category)} · {t(TASK_STATUS_TEXTS[task.status])}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function TimelineTable({
  groups,
  today,
  onOpenTask,
}: {
  groups: readonly CategoryGroup[];
  today: CalendarDate;
  onOpenTask: (task: VentureTask) => void;
}) {
  const t = useT();
  return (
    <div className="timeline__table-wrap">
      <table className="timeline__table" data-testid="timeline-table">
        <caption className="visually-hidden">{t('Dated tasks by category')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Task')}</th>
            <th scope="col">{t('Category')}</th>
            <th scope="col">{t('Start')}</th>
            <th scope="col">{t('Due')}</th>
            <th scope="col">{t('Status')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.flatMap((group) =>
            group.tasks.map((task) => {
              const tone = barTone(task, today);
              return (
                <tr key={task.id}>
                  <th scope="row">
                    <button
                      type="button"
                      id={taskOpenerId(task.id)}
                      className="timeline__table-open"
                      aria-haspopup="dialog"
                      onClick={() => onOpenTask(task)}
                    >
                      {task.title}
                    </button>
                  </th>
                  <td>{t(task.category)}</td>
                  <td>{task.startDate ?? '—'}</td>
                  <td>{task.dueDate ?? '—'}</td>
                  <td>
                    {t(TASK_STATUS_TEXTS[task.status])}
                    {tone === 'overdue' ? t(' (overdue)') : ''}
                  </td>
                </tr>
              );
            }),
          )}
        </tbody>
      </table>
    </div>
  );
}
