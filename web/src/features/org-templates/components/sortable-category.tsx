import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import type { OrgTemplateTask } from '@app/contracts';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Space, Tag } from 'antd';
import { useId } from 'react';
import { translate, useT } from '../../../i18n/i18n';
import { isCustomKey } from '../template-draft';

interface SortableCategoryProps {
  category: string;
  tasks: readonly OrgTemplateTask[];
  /**
   * Moves the task to `to` (0-based) within this category. `by: 'drag'` when dnd-kit made the move (it has
   * announced it already), `'button'` for Move up / Move down (the page announces it).
   */
  onMove: (task: OrgTemplateTask, to: number, by: 'drag' | 'button') => void;
  onEdit: (task: OrgTemplateTask) => void;
  onToggleHidden: (task: OrgTemplateTask) => void;
}

const positionText = (index: number, total: number) =>
  translate('position {position} of {total}', { position: index + 1, total });

/**
 * One category of the template editor: its tasks reorderable by dragging (pointer), by the keyboard sensor
 * (focus the handle, Space to pick up, arrows to move, Space to drop, Escape to cancel), and by the Move up /
 * Move down buttons. Every move is announced to screen readers.
 */
export function SortableCategory({ category, tasks, onMove, onEdit, onToggleHidden }: SortableCategoryProps) {
  const t = useT();
  const headingId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = tasks.map((task) => task.key);
  const titleOf = (id: UniqueIdentifier) => tasks.find((task) => task.key === id)?.title ?? t('The task');
  const indexOf = (id: UniqueIdentifier) => keys.indexOf(String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('Picked up {title} at {position} in {category}.', {
        title: titleOf(active.id),
        position: positionText(indexOf(active.id), tasks.length),
        category: t(category),
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('{title} is over {position}.', {
            title: titleOf(active.id),
            position: positionText(indexOf(over.id), tasks.length),
          })
        : t('{title} is no longer over the list.', { title: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('{title} moved to {position} in {category}.', {
            title: titleOf(active.id),
            position: positionText(indexOf(over.id), tasks.length),
            category: t(category),
          })
        : t('{title} was dropped outside the list and stays where it was.', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) =>
      t('Reordering cancelled. {title} stays where it was.', { title: titleOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const task = tasks[indexOf(active.id)];
    if (task) onMove(task, indexOf(over.id), 'drag');
  };

  return (
    <section className="template-category" aria-labelledby={headingId}>
      <h2 id={headingId} className="template-category__title">
        {t(category)}{' '}
        <span className="template-category__count">
          {t('({count} shown)', { count: tasks.filter((task) => !task.hidden).length })}
        </span>
      </h2>
      {tasks.length === 0 ? (
        <p className="template-category__empty">{t('No tasks in this category yet.')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: t(
                'To reorder, press Space to pick the task up, the arrow keys to move it, Space again to drop it, or Escape to cancel. The Move up and Move down buttons do the same.',
              ),
            },
          }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol className="template-category__list">
              {tasks.map((task, index) => (
                <SortableTask
                  key={task.key}
                  task={task}
                  first={index === 0}
                  last={index === tasks.length - 1}
                  onMoveUp={() => onMove(task, index - 1, 'button')}
                  onMoveDown={() => onMove(task, index + 1, 'button')}
                  onEdit={() => onEdit(task)}
                  onToggleHidden={() => onToggleHidden(task)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

interface SortableTaskProps {
  task: OrgTemplateTask;
  first: boolean;
  last: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onEdit: () => void;
  onToggleHidden: () => void;
}

function SortableTask({
  task,
  first,
  last,
  onMoveUp,
  onMoveDown,
  onEdit,
  onToggleHidden,
}: SortableTaskProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: task.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={[
        'template-task',
        task.hidden ? 'template-task--hidden' : '',
        isDragging ? 'template-task--dragging' : '',
      ].join(' ')}
      data-testid="template-task"
      data-key={task.key}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="template-task__handle"
        {...attributes}
        {...listeners}
        aria-label={t('Reorder {title}', { title: task.title })}
      >
        <HolderOutlined aria-hidden="true" />
      </button>
      <div className="template-task__text">
        <span className="template-task__title">{task.title}</span>
        <span className="template-task__tags">
          {isCustomKey(task.key) ? <Tag color="blue">{t('Added by you')}</Tag> : null}
          {task.hidden ? <Tag>{t('Hidden')}</Tag> : null}
          {!isCustomKey(task.key) && task.guide ? <Tag color="purple">{t('Guide adapted')}</Tag> : null}
        </span>
      </div>
      <Space size={4} wrap className="template-task__actions">
        <Button
          size="small"
          icon={<ArrowUpOutlined aria-hidden="true" />}
          disabled={first}
          onClick={onMoveUp}
          aria-label={t('Move up {title}', { title: task.title })}
        >
          {t('Move up')}
        </Button>
        <Button
          size="small"
          icon={<ArrowDownOutlined aria-hidden="true" />}
          disabled={last}
          onClick={onMoveDown}
          aria-label={t('Move down {title}', { title: task.title })}
        >
          {t('Move down')}
        </Button>
        <Button size="small" onClick={onEdit} aria-label={t('Edit {title}', { title: task.title })}>
          {t('Edit')}
        </Button>
        <Button
          size="small"
          onClick={onToggleHidden}
          aria-pressed={task.hidden}
          aria-label={
            task.hidden ? t('Show {title}', { title: task.title }) : t('Hide {title}', { title: task.title })
          }
        >
          {task.hidden ? t('Show') : t('Hide')}
        </Button>
      </Space>
    </li>
  );
}
