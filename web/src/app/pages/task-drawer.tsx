import type { VentureTask } from '@app/contracts';
import { Drawer } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { useT } from '../../i18n/i18n';
import type { TaskDrawerSlot } from '../../features/ventures/pages/venture-roadmap-page';
import type { DrawerTab } from './task-drawer-body';

const TaskDrawerBody = lazy(async () => ({ default: (await import('./task-drawer-body')).TaskDrawerBody }));

/** A task's drawer (Guide, Comments, History) on the roadmap. */
export function TaskDrawer({ venture, task, guide, onClose, drawerSearch }: TaskDrawerSlot) {
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
        <Suspense fallback={<PageSpinner label={t('Loading the task')} />}>
          <TaskDrawerBody
            venture={venture}
            task={current}
            guide={task ? guide : undefined}
            tab={tab}
            onTab={setTab}
            drawerSearch={drawerSearch}
          />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
