import { todayIn, type TaskGuide, type VentureDetail, type VentureTask } from '@app/contracts';
import { Tabs } from 'antd';
import { ActivityFeed } from '../../features/activity/components/activity-feed';
import { TaskVerification } from '../../features/cohorts/components/task-verification';
import { TaskComments } from '../../features/comments/components/task-comments';
import { TaskAssignee } from '../../features/ventures/components/task-assignee';
import { TaskStatusBadge, TaskDueLabel } from '../../features/ventures/components/task-card';
import { TaskDates } from '../../features/ventures/components/task-dates';
import { TaskPrerequisites } from '../../features/ventures/components/task-prerequisites';
import { TaskGuideContent } from '../../features/ventures/components/task-guide-modal';
import type { TaskDrawerSlot } from '../../features/ventures/pages/venture-roadmap-page';
import { useT } from '../../i18n/i18n';

/**
 * The task drawer's content (Guide, Comments, History, and the task's verification, assignee, dates and
 * prerequisites). Its own module, loaded when a drawer first opens (issue 22): its tabs, selects, date
 * pickers and feeds are no part of the roadmap's first render.
 */

/** The drawer's tabs. */
export type DrawerTab = 'guide' | 'comments' | 'history';

export interface TaskDrawerBodyProps {
  venture: VentureDetail;
  task: VentureTask;
  guide: TaskGuide | undefined;
  tab: DrawerTab;
  onTab: (tab: DrawerTab) => void;
  drawerSearch: TaskDrawerSlot['drawerSearch'];
}

export function TaskDrawerBody({ venture, task, guide, tab, onTab, drawerSearch }: TaskDrawerBodyProps) {
  const t = useT();
  const today = todayIn(venture.timeZone, new Date());
  return (
    <div className="task-drawer__body" data-testid="task-drawer">
      <div className="task-drawer__summary">
        <span className="task-drawer__category">{task.category}</span>
        <TaskStatusBadge status={task.status} />
        <TaskDueLabel task={task} today={today} />
      </div>
      {task.description.trim() ? <p className="task-drawer__description">{task.description}</p> : null}
      <TaskVerification venture={venture} task={task} />
      <TaskAssignee venture={venture} task={task} />
      <TaskDates venture={venture} task={task} />
      <TaskPrerequisites venture={venture} task={task} drawerSearch={drawerSearch} />
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as DrawerTab)}
        items={[
          {
            key: 'guide',
            label: t('Guide'),
            children: guide ? (
              <TaskGuideContent guide={guide} />
            ) : (
              <p className="task-drawer__empty">{t('This task has no built-in guide.')}</p>
            ),
          },
          {
            key: 'comments',
            label: t('Comments'),
            children: (
              <TaskComments
                ventureId={venture.id}
                taskId={task.id}
                role={venture.role}
                members={venture.members}
              />
            ),
          },
          {
            key: 'history',
            label: t('History'),
            children: (
              <ActivityFeed
                ventureId={venture.id}
                taskId={task.id}
                label={t('History of {title}', { title: task.title })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
