import { canBeAssigned, can, type VentureDetail, type VentureTask } from '@app/contracts';
import { Select } from 'antd';
import { useId } from 'react';
import { msg, useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { useSetTaskAssignee } from '../api/set-task-assignee';
import { assigneeChangedToast, teamFailedToast } from '../team-messages';

const UNASSIGNED = '';

/**
 * A task's assignee in its drawer (issue 16): editors and owners pick a member who can work on tasks (an
 * editor or owner) or nobody; viewers read who it is.
 */
export function TaskAssignee({ venture, task }: { venture: VentureDetail; task: VentureTask }) {
  const t = useT();
  const id = useId();
  const notify = useNotify();
  const assign = useSetTaskAssignee(venture.id);
  const assignee = venture.members.find((member) => member.userId === task.assigneeId);

  if (!can(venture.role, 'assign')) {
    return (
      <p className="task-drawer__assignee" data-testid="drawer-assignee">
        {t('Assignee: {name}', { name: assignee?.displayName ?? t('Nobody') })}
      </p>
    );
  }

  const options = [
    { value: UNASSIGNED, label: t('Nobody') },
    ...venture.members
      .filter((member) => canBeAssigned(member.role))
      .map((member) => ({ value: member.userId, label: member.displayName })),
  ];

  return (
    <div className="task-drawer__assignee">
      <label htmlFor={id}>{t('Assignee')}</label>
      <Select
        id={id}
        value={task.assigneeId ?? UNASSIGNED}
        options={options}
        loading={assign.isPending}
        disabled={assign.isPending}
        className="task-drawer__assignee-select"
        onChange={(value: string) => {
          const assigneeId = value === UNASSIGNED ? null : value;
          assign.mutate(
            { taskId: task.id, assigneeId },
            {
              onSuccess: () =>
                notify.success(
                  assigneeChangedToast(
                    venture.members.find((member) => member.userId === assigneeId)?.displayName ?? null,
                  ),
                ),
              onError: (error) =>
                notify.error(
                  teamFailedToast(msg('Could not assign the task'), error, msg('Please try again.')),
                ),
            },
          );
        }}
      />
    </div>
  );
}
