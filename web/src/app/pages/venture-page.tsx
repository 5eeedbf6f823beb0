import type { VentureDetail } from '@app/contracts';
import { lazy } from 'react';
import { AntdIsland, useOpenedOnce } from '../../components/antd-island/antd-island';
import { VentureActivity } from '../../features/activity/components/venture-activity';
import { VentureRoadmapPage, type TaskDrawerSlot } from '../../features/ventures/pages/venture-roadmap-page';
import '../../features/cohorts/cohorts.css';
import './venture-page.css';
import { BrandActionStyle } from '../brand-action-style';

// Issue 22: the roadmap's first render has no antd; these antd parts render in islands once wanted.
const TaskDrawer = lazy(async () => ({ default: (await import('./task-drawer')).TaskDrawer }));
const ProgramPanel = lazy(async () => ({
  default: (await import('../../features/cohorts/components/program-panel')).ProgramPanel,
}));

/**
 * `/ventures/:id` (spec §2 "Venture Roadmap", issue 16): the roadmap of the ventures feature, with the
 * venture's Activity below it and a task drawer (Guide, Comments, History) composed from the comments and
 * activity features.
 */
export function VenturePage() {
  return (
    <BrandActionStyle>
      <VentureRoadmapPage
        renderActivity={(venture) => <VentureActivity ventureId={venture.id} />}
        renderProgramPanel={(venture) =>
          hasProgramPanel(venture) ? (
            <AntdIsland>
              <ProgramPanel venture={venture} />
            </AntdIsland>
          ) : null
        }
        renderTaskDrawer={(slot) => <LazyTaskDrawer {...slot} />}
      />
    </BrandActionStyle>
  );
}

/** Whether `ProgramPanel` shows anything: the staff's read-only notice, or the owner's program choices. */
function hasProgramPanel(venture: VentureDetail): boolean {
  return venture.staffAccess != null || (venture.program != null && venture.role === 'owner');
}

/** The task drawer's island, from the first task opened on (it then stays mounted to slide in and out). */
function LazyTaskDrawer(slot: TaskDrawerSlot) {
  const wanted = useOpenedOnce(slot.task !== undefined);
  if (!wanted) return null;
  return (
    <AntdIsland>
      <TaskDrawer {...slot} />
    </AntdIsland>
  );
}
