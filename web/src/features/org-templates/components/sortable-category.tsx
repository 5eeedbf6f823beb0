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

const positionText = (index: number, total: number) => `position ${index + 1} of ${total}`;

/**
 * One category of the template editor: its tasks reorderable by dragging (pointer), by the keyboard sensor
 * (focus the handle, Space to pick up, arrows to move, Space to drop, Escape to cancel), and by the Move up /
 * Move down buttons. Every move is announced to screen readers.
 */
export function SortableCategory({ category, tasks, onMove, onEdit, onToggleHidden }: SortableCategoryProps) {
  const headingId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = tasks.map((task) => task.key);
  const titleOf = (id: UniqueIdentifier) => tasks.find((task) => task.key === id)?.title ?? 'The task';
  const indexOf = (id: UniqueIdentifier) => keys.indexOf(String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)} at ${positionText(indexOf(active.id), tasks.length)} in ${category}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is over ${positionText(indexOf(over.id), tasks.length)}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} moved to ${positionText(indexOf(over.id), tasks.length)} in ${category}.`
        : `${titleOf(active.id)} was dropped outside the list and stays where it was.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${titleOf(active.id)} stays where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const task = tasks[indexOf(active.id)];
    if (task) onMove(task, indexOf(over.id), 'drag');
  };

  return (
    <section className="template-category" aria-labelledby={headingId}>
      <h2 id={headingId} className="template-category__title">
        {category}{' '}
        <span className="template-category__count">({tasks.filter((t) => !t.hidden).length} shown)</span>
      </h2>
      {tasks.length === 0 ? (
        <p className="template-category__empty">No tasks in this category yet.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To reorder, press Space to pick the task up, the arrow keys to move it, Space again to drop it, or Escape to cancel. The Move up and Move down buttons do the same.',
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
        aria-label={`Reorder ${task.title}`}
      >
        <HolderOutlined aria-hidden="true" />
      </button>
      <div className="template-task__text">
        <span className="template-task__title">{task.title}</span>
        <span className="template-task__tags">
          {isCustomKey(task.key) ? <Tag color="blue">Added by you</Tag> : null}
          {task.hidden ? <Tag>Hidden</Tag> : null}
          {!isCustomKey(task.key) && task.guide ? <Tag color="purple">Guide adapted</Tag> : null}
        </span>
      </div>
      <Space size={4} wrap className="template-task__actions">
        <Button
          size="small"
          icon={<ArrowUpOutlined aria-hidden="true" />}
          disabled={first}
          onClick={onMoveUp}
          aria-label={`Move up ${task.title}`}
        >
          Move up
        </Button>
        <Button
          size="small"
          icon={<ArrowDownOutlined aria-hidden="true" />}
          disabled={last}
          onClick={onMoveDown}
          aria-label={`Move down ${task.title}`}
        >
          Move down
        </Button>
        <Button size="small" onClick={onEdit} aria-label={`Edit ${task.title}`}>
          Edit
        </Button>
        <Button
          size="small"
          onClick={onToggleHidden}
          aria-pressed={task.hidden}
          aria-label={`${task.hidden ? 'Show' : 'Hide'} ${task.title}`}
        >
          {task.hidden ? 'Show' : 'Hide'}
        </Button>
      </Space>
    </li>
  );
}
