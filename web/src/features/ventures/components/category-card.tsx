import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import {
  openPrerequisitesOf,
  type CalendarDate,
  type OpenPrerequisite,
  type TaskGuide,
  type VentureMember,
  type VentureTask,
} from '@app/contracts';
import { memo, useId } from 'react';
import { ActionButton } from '../../../components/action-button/action-button';
import { ProgressLine } from '../../../components/plain-progress/plain-progress';
import { SvgIcon } from '../../../components/svg-icon';
import { useT } from '../../../i18n/i18n';
import { categoryBadgeLabel, categoryBadgeText, progressValueText, type CategoryGroup } from '../progress';
import { TaskCard } from './task-card';

export type TaskLayout = 'grid' | 'list';

interface CategoryCardProps {
  ventureId: string;
  group: CategoryGroup;
  layout: TaskLayout;
  collapsed: boolean;
  /** Shows or hides the category's tasks (called with the category, so one function serves every card). */
  onToggle: (category: string) => void;
  guides: ReadonlyMap<number, TaskGuide> | undefined;
  onOpenGuide: (guide: TaskGuide) => void;
  /** Whether the signed-in member may move tasks (the venture policy's `changeStatus`). */
  canChangeStatus: boolean;
  /** The venture's members by user id, for each card's assignee. */
  membersById: ReadonlyMap<string, VentureMember>;
  /** The search that opens a task's drawer. */
  drawerSearch: (task: VentureTask) => string;
  /** Today in the venture's time zone. */
  today: CalendarDate;
  /** Every task of the venture, for each card's open prerequisites. */
  allTasks: readonly VentureTask[];
  onWaiting: (task: VentureTask, open: readonly OpenPrerequisite[]) => void;
}

/**
 * One task category (spec §2): title, completed/total badge, percentage and its tasks by id. Memoised: the
 * roadmap re-renders as it reveals its cards in batches (issue 22), and a category whose props are unchanged
 * keeps its cards as they are.
 */
export const CategoryCard = memo(function CategoryCard({
  ventureId,
  group,
  layout,
  collapsed,
  onToggle,
  guides,
  onOpenGuide,
  canChangeStatus,
  membersById,
  drawerSearch,
  today,
  allTasks,
  onWaiting,
}: CategoryCardProps) {
  const t = useT();
  const titleId = useId();
  const tasksId = useId();
  return (
    <section className="roadmap-card category-card" aria-labelledby={titleId} data-testid="category-card">
      <div className="category-card__header">
        <h3 id={titleId} className="category-card__title">
          {t(group.category)}
        </h3>
        <span
          className={`status-tag status-tag--${group.completed === group.total && group.total > 0 ? 'success' : 'info'} category-card__badge`}
          aria-label={categoryBadgeLabel(group.completed, group.total)}
          data-testid="category-badge"
        >
          {categoryBadgeText(group.completed, group.total)}
        </span>
        <span className="category-card__percentage" aria-hidden="true" data-testid="category-percentage">
          {group.percentage}%
        </span>
        <ActionButton
          tone="text"
          icon={<SvgIcon icon={collapsed ? DownOutlined : UpOutlined} aria-hidden="true" />}
          aria-expanded={!collapsed}
          aria-controls={tasksId}
          onClick={() => onToggle(group.category)}
        >
          {collapsed ? t('Show tasks') : t('Hide tasks')}
          <span className="visually-hidden"> {t('of {category}', { category: t(group.category) })}</span>
        </ActionButton>
      </div>
      <ProgressLine
        className="category-card__bar"
        percent={group.percentage}
        aria-label={t('{category} progress', { category: t(group.category) })}
        aria-valuetext={progressValueText(group.completed, group.total, group.percentage)}
      />
      <ul id={tasksId} className={`task-list task-list--${layout}`} hidden={collapsed}>
        {group.tasks.map((task) => (
          <li key={task.id}>
            <TaskCard
              ventureId={ventureId}
              task={task}
              guide={guides?.get(task.taskId)}
              onOpenGuide={onOpenGuide}
              canChangeStatus={canChangeStatus}
              assignee={task.assigneeId === null ? undefined : membersById.get(task.assigneeId)}
              drawerSearch={drawerSearch(task)}
              today={today}
              openPrerequisites={openPrerequisitesOf(task, allTasks)}
              onWaiting={onWaiting}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});
