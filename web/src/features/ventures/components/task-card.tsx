import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import ExclamationCircleOutlined from '@ant-design/icons-svg/es/asn/ExclamationCircleOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import {
  dueLabel,
  type CalendarDate,
  type OpenPrerequisite,
  type TaskGuide,
  type TaskStatus,
  type VentureMember,
  type VentureTask,
} from '@app/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionButton } from '../../../components/action-button/action-button';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';
import { isSessionEnded } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { prerequisitesOpenOf, useUpdateTaskStatus } from '../api/update-task-status';
import { dueLabelText, openPrerequisitesWarning } from '../plan-messages';
import { TASK_STATUS_TEXTS, TASK_UPDATING_MS, taskActions, type TaskAction } from '../task-status';
import { taskUpdatedToast, taskUpdateFailedToast } from '../venture-messages';

/** A status's badge colours (ventures.css `.status-tag--…`, each 5:1 or more). */
const statusTones: Record<TaskStatus, string> = {
  todo: 'default',
  in_progress: 'info',
  done: 'success',
  blocked: 'error',
};

/**
 * A task's status as a badge. Plain markup styled like antd's Tag (issue 22: fifty of them rendered with the
 * roadmap, each antd Tag a styled component of its own), in colours that reach WCAG AA on their background.
 */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const t = useT();
  return (
    <span
      className={`status-tag status-tag--${statusTones[status]} task-card__status`}
      data-testid="task-status"
    >
      <span className="visually-hidden">{t('Status: ')}</span>
      {t(TASK_STATUS_TEXTS[status])}
    </span>
  );
}

interface TaskCardProps {
  ventureId: string;
  task: VentureTask;
  /** The task's built-in guide, when there is one. */
  guide: TaskGuide | undefined;
  onOpenGuide: (guide: TaskGuide) => void;
  /** The venture policy's `changeStatus` for the signed-in member: without it no status button shows. */
  canChangeStatus: boolean;
  /** The member the task is assigned to, when there is one. */
  assignee: VentureMember | undefined;
  /** The search that opens this task's drawer (`?task=…`), so the drawer can be linked to and left with Back. */
  drawerSearch: string;
  /** Today in the venture's time zone: the due-date label counts from it. */
  today: CalendarDate;
  /** The task's prerequisites that are not done yet (from the cached roadmap). */
  openPrerequisites: readonly OpenPrerequisite[];
  /** Completing a task with open prerequisites: the roadmap explains what it waits on. */
  onWaiting: (task: VentureTask, open: readonly OpenPrerequisite[]) => void;
}

/** A card's due date (issue 17): "Due tomorrow", "Overdue by 2 days" (red, with an icon, not colour alone). */
export function TaskDueLabel({ task, today }: { task: VentureTask; today: CalendarDate }) {
  const t = useT();
  const label = dueLabel(task, today);
  if (!label) return null;
  const overdue = label.tone === 'overdue';
  return (
    <p
      className={`task-due task-due--${label.tone}`}
      data-testid="task-due"
      title={t('Due {date}', { date: task.dueDate })}
    >
      <SvgIcon icon={overdue ? ExclamationCircleOutlined : CalendarOutlined} aria-hidden="true" />
      <span>{dueLabelText(label)}</span>
    </p>
  );
}

/** The id of a task card's link to its drawer: focus returns there when the drawer closes. */
export function taskOpenerId(taskId: string): string {
  return `task-open-${taskId}`;
}

/**
 * One roadmap task (spec §2 "Venture Roadmap", §4 "Task status"): only the buttons the status table
 * allows are offered (antd's small buttons, drawn plain: `ActionButton`, issue 22). After a click the badge
 * shows the new status at once while the button reads 'Updating' for about a second (and until the server
 * answered).
 */
export function TaskCard({
  ventureId,
  task,
  guide,
  onOpenGuide,
  canChangeStatus,
  assignee,
  drawerSearch,
  today,
  openPrerequisites,
  onWaiting,
}: TaskCardProps) {
  const t = useT();
  const notify = useNotify();
  const update = useUpdateTaskStatus(ventureId);
  const titleId = useId();
  const [holding, setHolding] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const actionsRef = useRef<HTMLDivElement>(null);
  /** Whether focus was on a status button when it was replaced, so it is put back on the new ones. */
  const keepFocus = useRef(false);
  const updating = holding || update.isPending;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!keepFocus.current) return;
    actionsRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    if (!updating) keepFocus.current = false;
  }, [updating]);

  const change = (action: TaskAction) => {
    // The server refuses it too (409); asking first spares the round trip and says why at once.
    if (action.to === 'done' && openPrerequisites.length > 0) {
      onWaiting(task, openPrerequisites);
      return;
    }
    keepFocus.current = actionsRef.current?.contains(document.activeElement) ?? false;
    setHolding(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setHolding(false), TASK_UPDATING_MS);
    update.mutate(
      { taskId: task.id, status: action.to },
      {
        onSuccess: (result) => notify.success(taskUpdatedToast(result.task.status)),
        onError: (error) => {
          const open = prerequisitesOpenOf(error);
          if (open) onWaiting(task, open);
          // A session that ended has its own message and sends the user to sign in (app/session-ended.ts).
          else if (!isSessionEnded(error)) notify.error(taskUpdateFailedToast(error));
        },
      },
    );
  };

  const description = task.description?.trim();
  return (
    <article
      className={`task-card task-card--${task.status}`}
      aria-labelledby={titleId}
      data-testid="task-card"
    >
      <div className="task-card__meta">
        <span className="task-card__category">{t(task.category)}</span>
        <TaskStatusBadge status={task.status} />
      </div>
      <h4 id={titleId} className="task-card__title">
        {/* A link, not a button: the drawer has its own address, and the card's buttons stay its actions. */}
        <Link
          id={taskOpenerId(task.id)}
          className="task-card__open"
          to={{ search: drawerSearch }}
          aria-haspopup="dialog"
        >
          {task.title}
        </Link>
      </h4>
      {description ? <p className="task-card__description">{description}</p> : null}
      <TaskDueLabel task={task} today={today} />
      {task.status === 'in_progress' && openPrerequisites.length > 0 ? (
        <PlainAlert
          className="task-card__warning"
          tone="warning"
          role="alert"
          title={openPrerequisitesWarning(openPrerequisites.map((open) => open.title))}
        />
      ) : null}
      {task.status === 'done' && task.verifiedBy ? (
        <p className="task-card__verified" data-testid="task-verified">
          <SvgIcon icon={SafetyCertificateOutlined} aria-hidden="true" />
          <span>{t('Verified by {name}', { name: task.verifiedBy.displayName })}</span>
        </p>
      ) : null}
      {assignee ? (
        <p className="task-card__assignee" data-testid="task-assignee">
          <SvgIcon icon={UserOutlined} aria-hidden="true" />
          <span>{t('Assigned to {name}', { name: assignee.displayName })}</span>
        </p>
      ) : null}
      <div className="task-card__actions" ref={actionsRef}>
        {!canChangeStatus ? null : updating ? (
          <ActionButton loading aria-describedby={titleId}>
            {t('Updating')}
          </ActionButton>
        ) : (
          taskActions(task.status).map((action) => (
            <ActionButton
              key={action.to}
              tone={action.primary ? 'primary' : action.to === 'blocked' ? 'danger' : 'default'}
              onClick={() => change(action)}
              aria-describedby={titleId}
            >
              {t(action.label)}
            </ActionButton>
          ))
        )}
        {guide ? (
          <ActionButton
            tone="text"
            icon={<SvgIcon icon={BookOutlined} aria-hidden="true" />}
            onClick={() => onOpenGuide(guide)}
            aria-label={t('Guide: {title}', { title: task.title })}
            aria-haspopup="dialog"
          >
            {t('Guide')}
          </ActionButton>
        ) : null}
      </div>
    </article>
  );
}
