import { TASK_STATUSES, type CohortDashboard, type CohortRow } from '@app/contracts';
import { Select, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { riskReasonsLine } from '../../../entities/program/risk-reason-label';
import { cellLabel, columnGroups, STATUS_NAMES, STATUS_SYMBOLS } from '../cohort-view';

interface CohortHeatmapProps {
  dashboard: CohortDashboard;
  rows: readonly CohortRow[];
  onMentorsChange: (ventureId: string, mentorIds: string[]) => void;
  savingVentureId: string | null;
}

/**
 * The heatmap: one row per enrolled venture, one cell per task grouped by category. A cell shows its
 * status by colour AND symbol, an overdue mark (!) and a verified mark (✓), and has an accessible name.
 * A plain table (no virtualisation): 200 × 50 cells render fast enough, and stay in the page's find.
 */
export function CohortHeatmap({ dashboard, rows, onMentorsChange, savingVentureId }: CohortHeatmapProps) {
  const t = useT();
  const groups = columnGroups(dashboard.columns);
  const mentorOptions = dashboard.mentorChoices.map((m) => ({ value: m.userId, label: m.displayName }));
  return (
    <div className="cohort-heatmap__scroll" tabIndex={0} role="region" aria-label={t('Cohort heatmap')}>
      <table className="cohort-heatmap" data-testid="cohort-heatmap">
        <caption className="visually-hidden">
          {t('Ventures of {program} by task status, grouped by category', {
            program: dashboard.program.name,
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className="cohort-heatmap__venture-head">
              {t('Venture')}
            </th>
            <th scope="col" rowSpan={2}>
              {t('Progress')}
            </th>
            <th scope="col" rowSpan={2}>
              {t('Risk')}
            </th>
            <th scope="col" rowSpan={2}>
              {t('Mentors')}
            </th>
            {groups.map((group) => (
              <th
                key={group.category}
                scope="colgroup"
                colSpan={group.count}
                className="cohort-heatmap__group"
              >
                {/* The standard categories have Spanish (see i18n/contract-texts.ts); an organization's own read as typed. */}
                {t(group.category)}
              </th>
            ))}
          </tr>
          <tr>
            {dashboard.columns.map((column, index) => (
              <th key={column.taskId} scope="col" className="cohort-heatmap__task-head" title={column.title}>
                <abbr title={column.title}>{index + 1}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.ventureId} data-testid="cohort-row" data-venture-id={row.ventureId}>
              <th scope="row" className="cohort-heatmap__venture">
                <Link to={paths.venture.getHref(row.ventureId)}>{row.ventureName}</Link>
                <span className="cohort-heatmap__founder">{row.founder.displayName}</span>
              </th>
              <td className="cohort-heatmap__progress" data-testid="cohort-progress">
                {row.progress.percentage} %
              </td>
              <td className="cohort-heatmap__risk">
                {row.atRisk ? (
                  <span data-testid="risk-badge">
                    <Tag color="red">{t('At risk')}</Tag>
                    <span className="cohort-heatmap__reasons">{riskReasonsLine(row.riskReasons)}</span>
                  </span>
                ) : (
                  <span className="cohort-heatmap__on-track">{t('On track')}</span>
                )}
              </td>
              <td className="cohort-heatmap__mentors">
                {dashboard.canAssignMentors ? (
                  <Select
                    mode="multiple"
                    size="small"
                    aria-label={t('Mentors of {venture}', { venture: row.ventureName })}
                    placeholder={t('Assign')}
                    options={mentorOptions}
                    value={row.mentors.map((m) => m.userId)}
                    loading={savingVentureId === row.ventureId}
                    disabled={savingVentureId === row.ventureId}
                    onChange={(ids: string[]) => onMentorsChange(row.ventureId, ids)}
                    style={{ minWidth: 160 }}
                  />
                ) : (
                  row.mentors.map((m) => m.displayName).join(', ') || '—'
                )}
              </td>
              {row.cells === null ? (
                <td
                  colSpan={dashboard.columns.length}
                  className="cohort-heatmap__hidden"
                  data-testid="progress-only"
                >
                  {t('Progress only: the founders share their progress figures, not their tasks.')}
                </td>
              ) : (
                row.cells.map((cell, index) => {
                  const column = dashboard.columns[index]!;
                  const label = cellLabel(column.title, cell);
                  return (
                    <td
                      key={column.taskId}
                      className={`cohort-cell cohort-cell--${cell?.status ?? 'absent'}`}
                      data-testid="cohort-cell"
                      data-status={cell?.status ?? 'absent'}
                    >
                      <span role="img" aria-label={label} title={label}>
                        {cell ? STATUS_SYMBOLS[cell.status] : '·'}
                        {cell?.overdue ? <span className="cohort-cell__mark">!</span> : null}
                        {cell?.verified ? <span className="cohort-cell__mark">✓</span> : null}
                      </span>
                    </td>
                  );
                })
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The key to the cells' colours, symbols and marks. */
export function HeatmapLegend() {
  const t = useT();
  return (
    <ul className="cohort-legend" aria-label={t('Legend')}>
      {TASK_STATUSES.map((status) => (
        <li key={status}>
          <span className={`cohort-cell cohort-cell--${status} cohort-legend__swatch`} aria-hidden="true">
            {STATUS_SYMBOLS[status]}
          </span>
          {t(STATUS_NAMES[status])}
        </li>
      ))}
      <li>
        <span className="cohort-legend__swatch" aria-hidden="true">
          !
        </span>
        {t('Overdue')}
      </li>
      <li>
        <span className="cohort-legend__swatch" aria-hidden="true">
          ✓
        </span>
        {t('Verified by a mentor')}
      </li>
    </ul>
  );
}
