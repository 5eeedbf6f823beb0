import { CloseOutlined } from '@ant-design/icons';
import { can, type VentureDetail, type VentureTask } from '@app/contracts';
import { Alert, Button, Select } from 'antd';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../i18n/i18n';
import { failureText } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useSetTaskPrerequisites } from '../api/set-task-prerequisites';
import { prerequisitesSavedToast } from '../plan-messages';
import { TaskStatusBadge } from './task-card';

interface TaskPrerequisitesProps {
  venture: VentureDetail;
  task: VentureTask;
  /** The search that opens a task's drawer (`?task=…`). */
  drawerSearch: (task: VentureTask) => string;
}

/**
 * A task's prerequisites in its drawer (issue 17): each with its status and a link that opens it; editors and
 * owners add one (any other task of the venture) or remove one, sending the whole list. The server refuses a
 * cycle with a message naming its tasks, shown here as it comes.
 */
export function TaskPrerequisites({ venture, task, drawerSearch }: TaskPrerequisitesProps) {
  const t = useT();
  const titleId = useId();
  const selectId = useId();
  const notify = useNotify();
  const save = useSetTaskPrerequisites(venture.id);
  const [problem, setProblem] = useState<string | null>(null);
  // One request per click: a double click lands before the disabled button has rendered.
  const inFlight = useRef(false);
  const editable = can(venture.role, 'setDates');
  const byId = new Map(venture.tasks.map((candidate) => [candidate.id, candidate]));
  const prerequisites = task.prerequisiteIds
    .map((id) => byId.get(id))
    .filter((candidate): candidate is VentureTask => candidate !== undefined);
  const candidates = venture.tasks.filter(
    (candidate) => candidate.id !== task.id && !task.prerequisiteIds.includes(candidate.id),
  );

  const replace = (prerequisiteIds: string[]) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    save.mutate(
      { taskId: task.id, prerequisiteIds },
      {
        onSettled: () => {
          inFlight.current = false;
        },
        onSuccess: (saved) => notify.success(prerequisitesSavedToast(saved.prerequisiteIds.length)),
        onError: (error) => setProblem(failureText(error, t('Could not change the prerequisites.'))),
      },
    );
  };

  return (
    <section className="task-prerequisites" aria-labelledby={titleId} data-testid="drawer-prerequisites">
      <h3 id={titleId} className="task-prerequisites__title">
        {t('Prerequisites')}
      </h3>
      {prerequisites.length === 0 ? (
        <p className="task-prerequisites__empty">{t('No prerequisites: this task can be done any time.')}</p>
      ) : (
        <ul className="task-prerequisites__list">
          {prerequisites.map((prerequisite) => (
            <li key={prerequisite.id} className="task-prerequisites__item" data-testid="prerequisite">
              <Link to={{ search: drawerSearch(prerequisite) }} className="task-prerequisites__open">
                {prerequisite.title}
              </Link>
              <TaskStatusBadge status={prerequisite.status} />
              {editable ? (
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined aria-hidden="true" />}
                  aria-label={t('Remove prerequisite {title}', { title: prerequisite.title })}
                  disabled={save.isPending}
                  onClick={() => replace(task.prerequisiteIds.filter((id) => id !== prerequisite.id))}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <div className="task-prerequisites__add">
          <label htmlFor={selectId}>{t('Add a prerequisite')}</label>
          <Select
            id={selectId}
            showSearch={{ optionFilterProp: 'label' }}
            value={null}
            placeholder={t('Choose a task that must be done first')}
            options={candidates.map((candidate) => ({ value: candidate.id, label: candidate.title }))}
            loading={save.isPending}
            disabled={save.isPending}
            className="task-prerequisites__select"
            onChange={(id: string | null) => {
              if (id) replace([...task.prerequisiteIds, id]);
            }}
          />
        </div>
      ) : null}
      {problem ? (
        <Alert type="error" showIcon title={problem} className="task-prerequisites__problem" role="alert" />
      ) : null}
    </section>
  );
}
