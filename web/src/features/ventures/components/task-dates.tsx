import { can, type CalendarDate, type VentureDetail, type VentureTask } from '@app/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useRef } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatUsShortDate } from '../../../lib/dates';
import { useNotify } from '../../../lib/notify';
import { useSetTaskDates } from '../api/set-task-dates';
import { taskDatesFailedToast, taskDatesSavedToast } from '../plan-messages';

const DATE_FORMAT = 'YYYY-MM-DD';

function toDayjs(date: CalendarDate | null): Dayjs | null {
  return date ? dayjs(date, DATE_FORMAT) : null;
}

/**
 * A task's start and due dates in its drawer (issue 17): editors and owners pick or clear them (one request
 * per change; the server's refusal, e.g. a start after the due date, is shown as it comes); viewers read them.
 */
export function TaskDates({ venture, task }: { venture: VentureDetail; task: VentureTask }) {
  const t = useT();
  const startId = useId();
  const dueId = useId();
  const notify = useNotify();
  const save = useSetTaskDates(venture.id);
  // One request per change, however fast the picker fires.
  const inFlight = useRef(false);

  if (!can(venture.role, 'setDates')) {
    return (
      <dl className="task-dates task-dates--read" data-testid="drawer-dates">
        <div>
          <dt>{t('Start date')}</dt>
          <dd>{task.startDate ?? t('Not set')}</dd>
        </div>
        <div>
          <dt>{t('Due date')}</dt>
          <dd>{task.dueDate ?? t('Not set')}</dd>
        </div>
        <CompletedAt task={task} />
      </dl>
    );
  }

  const change = (field: 'startDate' | 'dueDate', value: Dayjs | null) => {
    const next = value ? value.format(DATE_FORMAT) : null;
    if (next === task[field] || inFlight.current) return;
    inFlight.current = true;
    save.mutate(
      { taskId: task.id, startDate: task.startDate, dueDate: task.dueDate, [field]: next },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (saved) => notify.success(taskDatesSavedToast(saved)),
        onError: (error) => notify.error(taskDatesFailedToast(error)),
      },
    );
  };

  return (
    <div className="task-dates" data-testid="drawer-dates">
      <div className="task-dates__field">
        <label htmlFor={startId}>{t('Start date')}</label>
        <DatePicker
          id={startId}
          value={toDayjs(task.startDate)}
          format={DATE_FORMAT}
          placeholder={t('Not set')}
          disabled={save.isPending}
          onChange={(value) => change('startDate', value)}
        />
      </div>
      <div className="task-dates__field">
        <label htmlFor={dueId}>{t('Due date')}</label>
        <DatePicker
          id={dueId}
          value={toDayjs(task.dueDate)}
          format={DATE_FORMAT}
          placeholder={t('Not set')}
          disabled={save.isPending}
          onChange={(value) => change('dueDate', value)}
        />
      </div>
      {task.completedAt ? (
        <dl className="task-dates__completed">
          <CompletedAt task={task} />
        </dl>
      ) : null}
    </div>
  );
}

/** When a done task was completed (issue 17: `completedAt`); nothing while it is not done. */
function CompletedAt({ task }: { task: VentureTask }) {
  const t = useT();
  if (!task.completedAt) return null;
  return (
    <div data-testid="task-completed-at">
      <dt>{t('Completed')}</dt>
      <dd>{formatUsShortDate(task.completedAt)}</dd>
    </div>
  );
}
