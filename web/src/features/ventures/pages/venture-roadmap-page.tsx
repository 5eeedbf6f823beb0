import {
  AppstoreOutlined,
  BulbOutlined,
  ShrinkOutlined,
  ArrowsAltOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { TaskGuide, VentureDetail } from '@app/contracts';
import { Alert, Button, Result } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useNotify } from '../../../lib/notify';
import { useVenture } from '../api/get-venture';
import { useTaskGuides } from '../api/get-task-guides';
import { CategoryCard, type TaskLayout } from '../components/category-card';
import { ProgressOverview } from '../components/progress-overview';
import { TaskGuideModal } from '../components/task-guide-modal';
import { VentureHeader } from '../components/venture-header';
import { groupTasksByCategory } from '../progress';
import { ventureFetchFailedToast, ventureNotFoundText, ventureNotFoundTitle } from '../venture-messages';
import '../ventures.css';

/** `/ventures/:id` (spec §2 "Venture Roadmap"). */
export function VentureRoadmapPage() {
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

  if (venture.isPending) return <PageSpinner label="Loading your roadmap" />;
  if (venture.isError) return <VentureNotFound />;
  return <Roadmap key={venture.data.id} venture={venture.data} />;
}

function VentureNotFound() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="page-message">
      <Seo title={ventureNotFoundTitle} noindex />
      <Result
        status="404"
        title={
          <h1 className="page-message__title" ref={headingRef} tabIndex={-1}>
            {ventureNotFoundTitle}
          </h1>
        }
        subTitle={ventureNotFoundText}
        extra={
          <Link to={paths.home.getHref()} className="button button--primary">
            Go to my ventures
          </Link>
        }
      />
    </div>
  );
}

function Roadmap({ venture }: { venture: VentureDetail }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const guides = useTaskGuides();
  const [layout, setLayout] = useState<TaskLayout>('grid');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [openGuide, setOpenGuide] = useState<TaskGuide | null>(null);

  // Focus lands on the venture's name when the roadmap opens (it is keyed by the venture id).
  useEffect(() => headingRef.current?.focus(), []);

  // The figures are the server's `progress` (spec §4), kept current by the optimistic updates.
  const { progress } = venture;
  const groups = useMemo(
    () => groupTasksByCategory(venture.tasks, progress.categories),
    [venture.tasks, progress.categories],
  );
  const allCollapsed = groups.length > 0 && groups.every((group) => collapsed.has(group.category));

  const toggleCategory = (category: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(category)) next.add(category);
      return next;
    });
  const toggleAll = () =>
    setCollapsed(allCollapsed ? new Set() : new Set(groups.map((group) => group.category)));

  return (
    <div className="roadmap">
      <Seo title={venture.name} description={`The launch roadmap of ${venture.name}.`} noindex />
      <VentureHeader venture={venture} headingRef={headingRef} />
      <ProgressOverview progress={progress} />

      <section className="roadmap-section" aria-labelledby="roadmap-tasks-title">
        <div className="roadmap-toolbar">
          <h2 id="roadmap-tasks-title" className="roadmap-toolbar__title">
            Roadmap
          </h2>
          <div className="roadmap-toolbar__controls">
            <div role="group" aria-label="Task layout" className="roadmap-toolbar__controls">
              <Button
                icon={<AppstoreOutlined aria-hidden="true" />}
                type={layout === 'grid' ? 'primary' : 'default'}
                aria-pressed={layout === 'grid'}
                onClick={() => setLayout('grid')}
              >
                Grid
              </Button>
              <Button
                icon={<UnorderedListOutlined aria-hidden="true" />}
                type={layout === 'list' ? 'primary' : 'default'}
                aria-pressed={layout === 'list'}
                onClick={() => setLayout('list')}
              >
                List
              </Button>
            </div>
            <Button
              icon={
                allCollapsed ? (
                  <ArrowsAltOutlined aria-hidden="true" />
                ) : (
                  <ShrinkOutlined aria-hidden="true" />
                )
              }
              onClick={toggleAll}
              disabled={groups.length === 0}
            >
              {allCollapsed ? 'Expand all' : 'Collapse all'}
            </Button>
          </div>
        </div>

        {guides.isError ? (
          <Alert
            className="roadmap-alert"
            type="warning"
            showIcon
            title="The task guides could not be loaded."
            action={
              <Button size="small" onClick={() => void guides.refetch()} loading={guides.isFetching}>
                Try again
              </Button>
            }
          />
        ) : null}

        {groups.length === 0 ? (
          <Result
            status="info"
            title="This roadmap has no tasks yet"
            subTitle="Tasks added to this venture will show here, grouped by category."
          />
        ) : (
          <ul className="roadmap-categories" aria-label="Task categories">
            {groups.map((group) => (
              <li key={group.category}>
                <CategoryCard
                  ventureId={venture.id}
                  group={group}
                  layout={layout}
                  collapsed={collapsed.has(group.category)}
                  onToggle={() => toggleCategory(group.category)}
                  guides={guides.data}
                  onOpenGuide={setOpenGuide}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <aside className="roadmap-tip" aria-labelledby="roadmap-tip-title">
        <BulbOutlined className="roadmap-tip__icon" aria-hidden="true" />
        <div>
          <h2 id="roadmap-tip-title" className="roadmap-tip__title">
            Tip
          </h2>
          <p>
            Work through the categories in order, but keep a few tasks in progress at once: research, legal
            set-up and product work feed each other. Open a task&apos;s guide before you start it, and mark a
            task blocked as soon as it waits on someone else, so you can see what holds your launch back.
          </p>
        </div>
      </aside>

      <TaskGuideModal guide={openGuide} onClose={() => setOpenGuide(null)} />
    </div>
  );
}
