import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import ArrowsAltOutlined from '@ant-design/icons-svg/es/asn/ArrowsAltOutlined';
import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import FieldTimeOutlined from '@ant-design/icons-svg/es/asn/FieldTimeOutlined';
import ShrinkOutlined from '@ant-design/icons-svg/es/asn/ShrinkOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import {
  can,
  nextUpTask,
  todayIn,
  type OpenPrerequisite,
  type TaskGuide,
  type VentureDetail,
  type VentureTask,
} from '@app/contracts';
import {
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ActionButton, useActionButtonStyle } from '../../../components/action-button/action-button';
import { AntdIsland, useOpenedOnce } from '../../../components/antd-island/antd-island';
import { PageSpinner } from '../../../components/page-spinner';
import { PlainAlert } from '../../../components/plain-alert/plain-alert';
import { SvgIcon } from '../../../components/svg-icon';
import { useSessionUser } from '../../../entities/session-user/get-session-user';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { useNotify } from '../../../lib/notify';
import { useVenture } from '../api/get-venture';
import { useRoadmapGuides } from '../api/get-task-guides';
import { CategoryCard, type TaskLayout } from '../components/category-card';
import { taskOpenerId } from '../components/task-card';
import { ProgressOverview } from '../components/progress-overview';
import type { TimelineMode } from '../components/timeline-view';
import { VentureHeader } from '../components/venture-header';
import { groupTasksByCategory } from '../progress';
import { revealedGroups, useProgressiveCount } from '../progressive-reveal';
import { ventureFetchFailedToast, ventureNotFoundText, ventureNotFoundTitle } from '../venture-messages';
import '../ventures.css';

/** What the page that composes the roadmap puts in a task's drawer. */
export interface TaskDrawerSlot {
  venture: VentureDetail;
  /** The task whose drawer is open; undefined while closed (the drawer animates out). */
  task: VentureTask | undefined;
  guide: TaskGuide | undefined;
  onClose: () => void;
  /** The search that opens a task's drawer (`?task=…`): the drawer's prerequisites link to theirs. */
  drawerSearch: (task: VentureTask) => string;
}

export interface VentureRoadmapPageProps {
  /** The task drawer (Guide, Comments, History), composed by the app page from several features. */
  renderTaskDrawer?: (slot: TaskDrawerSlot) => ReactNode;
  /** The venture's history, below the roadmap. */
  renderActivity?: (venture: VentureDetail) => ReactNode;
  /** Issue 18: the venture's program (its founders' choices) or the staff's read-only notice, above the roadmap. */
  renderProgramPanel?: (venture: VentureDetail) => ReactNode;
}

/*
 * Issue 22: the roadmap's first render has no antd component, so the page shows and responds before antd
 * (its core chunk alone is more than twice React) has loaded. What needs antd renders in an island
 * (`AntdIsland`) once it is wanted, its module loaded then: the guide's dialog, the "cannot be completed yet"
 * dialog, the timeline, a template update's notice.
 */
const TaskGuideModal = lazy(async () => ({
  default: (await import('../components/task-guide-modal')).TaskGuideModal,
}));
const WaitingDialog = lazy(async () => ({
  default: (await import('../components/waiting-dialog')).WaitingDialog,
}));
const TimelineView = lazy(async () => ({
  default: (await import('../components/timeline-view')).TimelineView,
}));
const TemplateUpdateNotice = lazy(async () => ({
  default: (await import('../components/template-update-notice')).TemplateUpdateNotice,
}));

/** The roadmap's layouts: the category cards as a grid or a list (spec §2), or the timeline (issue 17). */
export type RoadmapLayout = TaskLayout | 'timeline';

/** What a task waits on when "Mark Complete" was refused (by the roadmap or the server's 409). */
export interface Waiting {
  task: VentureTask;
  open: readonly OpenPrerequisite[];
}

/** The query parameter that holds the task whose drawer is open. */
export const TASK_DRAWER_PARAM = 'task';

/** `/ventures/:id` (spec §2 "Venture Roadmap"), for every member of the venture (issue 16). */
export function VentureRoadmapPage({
  renderTaskDrawer,
  renderActivity,
  renderProgramPanel,
}: VentureRoadmapPageProps) {
  const t = useT();
  const { id = '' } = useParams();
  const notify = useNotify();
  const venture = useVenture(id);
  const reportedError = useRef<unknown>(null);

  useEffect(() => {
    // Spec §8: a failed load is announced once, then the Venture not found view shows.
    if (venture.error && reportedError.current !== venture.error) {
      reportedError.current = venture.error;
      notify.error(ventureFetchFailedToast(venture.error));
    }
  }, [venture.error, notify]);

  // Issue 22: the roadmap's first render is a deferred one, which React renders in slices that yield to
  // the browser; rendered at once as the answer arrives it was the page's longest task. Later answers (a
  // task's new status) render at once as before.
  const firstRenderDue = useDeferredValue(venture.isSuccess);
  if (venture.isPending || (venture.isSuccess && !firstRenderDue)) {
    return <PageSpinner label={t('Loading your roadmap')} />;
  }
  if (venture.isError) return <VentureNotFound />;
  return (
    <Roadmap
      key={venture.data.id}
      venture={venture.data}
      renderTaskDrawer={renderTaskDrawer}
      renderActivity={renderActivity}
      renderProgramPanel={renderProgramPanel}
    />
  );
}

function VentureNotFound() {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="page-message">
      <Seo title={t(ventureNotFoundTitle)} noindex />
      <div className="page-message__body">
        <h1 className="page-message__title" ref={headingRef} tabIndex={-1}>
          {t(ventureNotFoundTitle)}
        </h1>
        <p>{t(ventureNotFoundText)}</p>
        <Link to={paths.home.getHref()} className="button button--primary">
          {t('Go to my ventures')}
        </Link>
      </div>
    </div>
  );
}

function Roadmap({
  venture,
  renderTaskDrawer,
  renderActivity,
  renderProgramPanel,
}: { venture: VentureDetail } & VentureRoadmapPageProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const guides = useRoadmapGuides(venture);
  // The cards take the guides (their Guide buttons) in a deferred render: arriving after the cards, they
  // re-render every card, in slices rather than one long task.
  const cardGuides = useDeferredValue(guides.data);
  const { data: user } = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const [layout, setLayout] = useState<RoadmapLayout>('grid');
  const [timelineMode, setTimelineMode] = useState<TimelineMode>('chart');
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [openGuide, setOpenGuide] = useState<TaskGuide | null>(null);
  const guideWanted = useOpenedOnce(openGuide !== null);
  const waitingWanted = useOpenedOnce(waiting !== null);
  const [onlyMine, setOnlyMine] = useState(false);

  const canChangeStatus = can(venture.role, 'changeStatus');
  const membersById = useMemo(
    () => new Map(venture.members.map((member) => [member.userId, member])),
    [venture.members],
  );
  const openTaskId = searchParams.get(TASK_DRAWER_PARAM);
  const openTask = venture.tasks.find((task) => task.id === openTaskId);
  const drawerSearch = useCallback(
    (task: VentureTask) => `?${new URLSearchParams({ [TASK_DRAWER_PARAM]: task.id }).toString()}`,
    [],
  );
  const closeDrawer = useCallback(() => {
    const taskId = openTaskId;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TASK_DRAWER_PARAM);
        return next;
      },
      { replace: true },
    );
    // Keyboard users continue from the card they opened (after the drawer gave focus back).
    if (taskId) window.setTimeout(() => document.getElementById(taskOpenerId(taskId))?.focus(), 0);
  }, [openTaskId, setSearchParams]);

  const openTaskDrawer = useCallback(
    (task: VentureTask) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set(TASK_DRAWER_PARAM, task.id);
        return next;
      }),
    [setSearchParams],
  );
  const onWaiting = useCallback(
    (task: VentureTask, open: readonly OpenPrerequisite[]) => setWaiting({ task, open }),
    [],
  );
  // "Today" is the venture's, read again whenever the venture changes: a roadmap left open past midnight
  // re-reads it on the next change. Not on every render: the batches that reveal the cards re-render the
  // page, and each reading builds an Intl.DateTimeFormat.
  const today = useMemo(() => todayIn(venture.timeZone, new Date()), [venture]);
  const nextUp = useMemo(() => nextUpTask(venture.tasks), [venture.tasks]);

  // Focus lands on the venture's name when the roadmap opens (it is keyed by the venture id).
  useEffect(() => headingRef.current?.focus(), []);

  // The figures are the server's `progress` (spec §4), kept current by the optimistic updates.
  const { progress } = venture;
  const myId = user?.id;
  const groups = useMemo(() => {
    const all = groupTasksByCategory(venture.tasks, progress.categories, {
      inGivenOrder: venture.template?.version != null,
    });
    if (!onlyMine) return all;
    // The filter narrows the cards; each category's figures stay the whole category's.
    return all
      .map((group) => ({ ...group, tasks: group.tasks.filter((task) => task.assigneeId === myId) }))
      .filter((group) => group.tasks.length > 0);
  }, [venture.tasks, venture.template, progress.categories, onlyMine, myId]);
  const allCollapsed = groups.length > 0 && groups.every((group) => collapsed.has(group.category));
  // Issue 22: the first cards render with the page, the others in idle batches (progressive-reveal.ts).
  const taskCount = groups.reduce((sum, group) => sum + group.tasks.length, 0);
  const revealedCount = useProgressiveCount(taskCount);
  const allRevealed = revealedCount >= taskCount;
  const shownGroups = useMemo(
    () => (allRevealed ? groups : revealedGroups(groups, revealedCount)),
    [groups, revealedCount, allRevealed],
  );

  const toggleCategory = useCallback(
    (category: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(category)) next.add(category);
        return next;
      }),
    [],
  );
  // The task cards' buttons (ActionButton) take their colours from the page's antd theme.
  const actionStyle = useActionButtonStyle();
  const toggleAll = () =>
    setCollapsed(allCollapsed ? new Set() : new Set(groups.map((group) => group.category)));

  return (
    <div className="roadmap" style={actionStyle}>
      <Seo
        title={venture.name}
        description={t('The launch roadmap of {name}.', { name: venture.name })}
        noindex
      />
      <VentureHeader venture={venture} headingRef={headingRef} />
      <ProgressOverview progress={progress} />
      {renderProgramPanel?.(venture)}
      {venture.template?.availableVersion != null && venture.role === 'owner' ? (
        <AntdIsland>
          <TemplateUpdateNotice venture={venture} />
        </AntdIsland>
      ) : null}
      {nextUp ? (
        <PlainAlert
          className="roadmap-next-up"
          tone="info"
          data-testid="next-up"
          title={
            <span>
              <Trans
                id="<0>Next up:</0> {title}"
                values={{ title: nextUp.title }}
                components={{ 0: <strong /> }}
              />
            </span>
          }
          description={t('Its prerequisites are done.')}
          action={
            <ActionButton onClick={() => openTaskDrawer(nextUp)} aria-haspopup="dialog">
              {t('Open')}
              <span className="visually-hidden"> {nextUp.title}</span>
            </ActionButton>
          }
        />
      ) : null}

      <section className="roadmap-section" aria-labelledby="roadmap-tasks-title">
        <div className="roadmap-toolbar">
          <h2 id="roadmap-tasks-title" className="roadmap-toolbar__title">
            {t('Roadmap')}
          </h2>
          <div className="roadmap-toolbar__controls">
            <ActionButton
              size="middle"
              icon={<SvgIcon icon={UserOutlined} aria-hidden="true" />}
              tone={onlyMine ? 'primary' : 'default'}
              aria-pressed={onlyMine}
              onClick={() => setOnlyMine((current) => !current)}
            >
              {t('Assigned to me')}
            </ActionButton>
            <div role="group" aria-label={t('Task layout')} className="roadmap-toolbar__controls">
              <ActionButton
                size="middle"
                icon={<SvgIcon icon={AppstoreOutlined} aria-hidden="true" />}
                tone={layout === 'grid' ? 'primary' : 'default'}
                aria-pressed={layout === 'grid'}
                onClick={() => setLayout('grid')}
              >
                {t('Grid')}
              </ActionButton>
              <ActionButton
                size="middle"
                icon={<SvgIcon icon={UnorderedListOutlined} aria-hidden="true" />}
                tone={layout === 'list' ? 'primary' : 'default'}
                aria-pressed={layout === 'list'}
                onClick={() => setLayout('list')}
              >
                {t('List')}
              </ActionButton>
              <ActionButton
                size="middle"
                icon={<SvgIcon icon={FieldTimeOutlined} aria-hidden="true" />}
                tone={layout === 'timeline' ? 'primary' : 'default'}
                aria-pressed={layout === 'timeline'}
                onClick={() => setLayout('timeline')}
              >
                {t('Timeline')}
              </ActionButton>
            </div>
            <ActionButton
              size="middle"
              icon={<SvgIcon icon={allCollapsed ? ArrowsAltOutlined : ShrinkOutlined} aria-hidden="true" />}
              onClick={toggleAll}
              // Kept in place in the timeline (no cards to collapse there), so the toolbar never shifts.
              disabled={groups.length === 0 || layout === 'timeline'}
            >
              {allCollapsed ? t('Expand all') : t('Collapse all')}
            </ActionButton>
          </div>
        </div>

        {guides.isError ? (
          <PlainAlert
            className="roadmap-alert"
            tone="warning"
            role="alert"
            title={t('The task guides could not be loaded.')}
            action={
              <ActionButton onClick={() => void guides.refetch()} loading={guides.isFetching}>
                {t('Try again')}
              </ActionButton>
            }
          />
        ) : null}

        {groups.length === 0 && onlyMine ? (
          <p className="roadmap-empty-filter" role="status">
            {t('No task is assigned to you yet.')}
          </p>
        ) : groups.length === 0 ? (
          <div className="roadmap-empty">
            <p className="roadmap-empty__title">{t('This roadmap has no tasks yet')}</p>
            <p className="roadmap-empty__text">
              {t('Tasks added to this venture will show here, grouped by category.')}
            </p>
          </div>
        ) : layout === 'timeline' ? (
          <AntdIsland fallback={<PageSpinner label={t('Loading the timeline')} />}>
            <TimelineView
              groups={groups}
              today={today}
              targetLaunchDate={venture.targetLaunchDate}
              drawerSearch={drawerSearch}
              onOpenTask={openTaskDrawer}
              mode={timelineMode}
              onMode={setTimelineMode}
            />
          </AntdIsland>
        ) : (
          <ul className="roadmap-categories" aria-label={t('Task categories')}>
            {shownGroups.map((group) => (
              <li key={group.category}>
                <CategoryCard
                  ventureId={venture.id}
                  group={group}
                  layout={layout}
                  collapsed={collapsed.has(group.category)}
                  onToggle={toggleCategory}
                  guides={cardGuides}
                  onOpenGuide={setOpenGuide}
                  canChangeStatus={canChangeStatus}
                  membersById={membersById}
                  drawerSearch={drawerSearch}
                  today={today}
                  allTasks={venture.tasks}
                  onWaiting={onWaiting}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* Below every card: the activity and the tip come with the last batch, so they never move down. */}
      {allRevealed ? renderActivity?.(venture) : null}

      {allRevealed ? (
        <aside className="roadmap-tip" aria-labelledby="roadmap-tip-title">
          <SvgIcon icon={BulbOutlined} className="roadmap-tip__icon" aria-hidden="true" />
          <div>
            <h2 id="roadmap-tip-title" className="roadmap-tip__title">
              {t('Tip')}
            </h2>
            <p>
              {t(
                "Work through the categories in order, but keep a few tasks in progress at once: research, legal set-up and product work feed each other. Open a task's guide before you start it, and mark a task blocked as soon as it waits on someone else, so you can see what holds your launch back.",
              )}
            </p>
          </div>
        </aside>
      ) : null}

      {guideWanted ? (
        <AntdIsland>
          <TaskGuideModal guide={openGuide} onClose={() => setOpenGuide(null)} />
        </AntdIsland>
      ) : null}
      {waitingWanted ? (
        <AntdIsland>
          <WaitingDialog
            waiting={waiting}
            onClose={() => setWaiting(null)}
            onOpenTask={(taskId) => {
              setWaiting(null);
              setSearchParams((current) => {
                const next = new URLSearchParams(current);
                next.set(TASK_DRAWER_PARAM, taskId);
                return next;
              });
            }}
          />
        </AntdIsland>
      ) : null}
      {renderTaskDrawer?.({
        venture,
        task: openTask,
        guide: openTask ? guides.data?.get(openTask.taskId) : undefined,
        onClose: closeDrawer,
        drawerSearch,
      })}
    </div>
  );
}
