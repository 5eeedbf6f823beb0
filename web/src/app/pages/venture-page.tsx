import { todayIn, type TaskGuide, type VentureDetail, type VentureTask } from '@app/contracts';
import { Drawer, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ActivityFeed } from '../../features/activity/components/activity-feed';
import { VentureActivity } from '../../features/activity/components/venture-activity';
import { ProgramPanel } from '../../features/cohorts/components/program-panel';
import { TaskVerification } from '../../features/cohorts/components/task-verification';
import { TaskComments } from '../../features/comments/components/task-comments';
import { TaskAssignee } from '../../features/ventures/components/task-assignee';
import { TaskStatusBadge, TaskDueLabel } from '../../features/ventures/components/task-card';
import { TaskDates } from '../../features/ventures/components/task-dates';
import { TaskPrerequisites } from '../../features/ventures/components/task-prerequisites';
import { TaskGuideContent } from '../../features/ventures/components/task-guide-modal';
import { VentureRoadmapPage, type TaskDrawerSlot } from '../../features/ventures/pages/venture-roadmap-page';
import '../../features/cohorts/cohorts.css';
import './venture-page.css';
import { useT } from '../../i18n/i18n';

/**
 * `/ventures/:id` (spec §2 "Venture Roadmap", issue 16): the roadmap of the ventures feature, with the
 * venture's Activity below it and a task drawer (Guide, Comments, History) composed from the comments and
 * activity features.
 */
export function VenturePage() {
  return (
    <VentureRoadmapPage
      renderActivity={(venture) => <VentureActivity ventureId={venture.id} />}
      renderProgramPanel={(venture) => <ProgramPanel venture={venture} />}
      renderTaskDrawer={(slot) => <TaskDrawer {...slot} />}
    />
  );
}

type DrawerTab = 'guide' | 'comments' | 'history';

function TaskDrawer({ venture, task, guide, onClose, drawerSearch }: TaskDrawerSlot) {
  const t = useT();
  // The drawer keeps showing the last task while it slides out.
  const [shown, setShown] = useState<VentureTask | undefined>(task);
  const [tab, setTab] = useState<DrawerTab>('guide');
  useEffect(() => {
    if (task) setShown(task);
  }, [task]);
  useEffect(() => {
    if (task?.id) setTab('guide');
  }, [task?.id]);
  const current = task ?? shown;

  return (
    <Drawer
      open={task !== undefined}
      onClose={onClose}
      title={current?.title}
      size={560}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) setShown(undefined);
      }}
      closable={{ 'aria-label': t('Close the task') }}
      rootClassName="task-drawer"
    >
      {current ? (
        <TaskDrawerBody
          venture={venture}
          task={current}
          guide={task ? guide : undefined}
          tab={tab}
          onTab={setTab}
          drawerSearch={drawerSearch}
        />
      ) : null}
    </Drawer>
  );
}

interface TaskDrawerBodyProps {
  venture: VentureDetail;
  task: VentureTask;
  guide: TaskGuide | undefined;
  tab: DrawerTab;
  onTab: (tab: DrawerTab) => void;
  drawerSearch: TaskDrawerSlot['drawerSearch'];
}

function TaskDrawerBody({ venture, task, guide, tab, onTab, drawerSearch }: TaskDrawerBodyProps) {
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
