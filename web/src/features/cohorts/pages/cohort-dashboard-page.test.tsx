import type { CohortDashboard, MentoredVenture } from '@app/contracts';
import { DEFAULT_RISK_RULES } from '@app/contracts';
import { jest } from '@jest/globals';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { cohortDashboardQueryOptions, mentoredVenturesQueryOptions } from '../api/cohort-queries';

// The pages import their stylesheet, which only Vite reads.
jest.unstable_mockModule('../cohorts.css', () => ({}));
const { CohortDashboardPage } = await import('./cohort-dashboard-page');
const { MentoringPage } = await import('./mentoring-page');

const dashboard: CohortDashboard = {
  program: {
    id: '',
    name: 'Spring cohort',
    organizationId: 'o1',
    organizationSlug: 'harbour',
    organizationName: 'Harbour Accelerator',
    startDate: '2026-03-02',
    endDate: '2026-06-26',
    riskRules: { ...DEFAULT_RISK_RULES },
  },
  canExport: true,
  canAssignMentors: false,
  columns: [{ taskId: 1, title: 'Incorporate', category: 'Legal' }],
  rows: [
    {
      ventureId: 'v1',
      ventureName: 'Tidal Labs',
      founder: { userId: 'u1', displayName: 'Ada' },
      visibility: 'full',
      progress: {
        percentage: 10,
        total: 1,
        completed: 0,
        inProgress: 1,
        blocked: 0,
        todo: 0,
        categories: [],
      },
      lastActivityAt: null,
      cells: [{ status: 'in_progress', overdue: true, verified: false }],
      atRisk: true,
      riskReasons: [{ kind: 'overdue', value: 3, text: '3 tasks overdue' }],
      mentors: [],
    },
    {
      ventureId: 'v2',
      ventureName: 'Quiet Co',
      founder: { userId: 'u2', displayName: 'Grace' },
      visibility: 'progress',
      progress: {
        percentage: 60,
        total: 1,
        completed: 1,
        inProgress: 0,
        blocked: 0,
        todo: 0,
        categories: [],
      },
      lastActivityAt: null,
      cells: null,
      atRisk: false,
      riskReasons: [],
      mentors: [],
    },
  ],
  medianProgress: 35,
  trend: [{ weekStart: '2026-03-02', medianProgress: 35 }],
  mentorChoices: [],
  asOf: '2026-03-05T00:00:00.000Z',
};

const mentored: MentoredVenture[] = [
  {
    id: 'v1',
    name: 'Tidal Labs',
    blurb: '',
    createdAt: '2026-03-01T00:00:00.000Z',
    userId: 'u1',
    progress: { percentage: 10, total: 1, completed: 0, inProgress: 1, blocked: 0, todo: 0, categories: [] },
    programId: 'p1',
    programName: 'Spring cohort',
    organizationName: 'Harbour Accelerator',
    visibility: 'progress',
    atRisk: true,
    riskReasons: [{ kind: 'inactive', value: 15, text: 'no activity for 15 days' }],
  },
];

/** The dashboard's HTML (cells speak through their accessible names). */
function renderDashboard(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(cohortDashboardQueryOptions('').queryKey, dashboard);
  return renderStatic(<CohortDashboardPage />, queryClient);
}

function renderMentoring(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(mentoredVenturesQueryOptions().queryKey, mentored);
  return textOf(renderStatic(<MentoringPage />, queryClient));
}

describe('the cohort dashboard (issue 18) in both languages (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('reads in English as the spec words it', () => {
    const text = textOf(renderDashboard());
    expect(text).toContain('2026-03-02 – 2026-06-26 · 2 ventures · 1 at risk');
    expect(text).toContain('At risk 3 tasks overdue');
    expect(text).toContain('Progress only: the founders share their progress figures, not their tasks.');
    expect(text).toContain('Median progress now: 35 %');
  });

  it('reads in Spanish once Spanish is chosen', async () => {
    await activateLanguage('es');
    const html = renderDashboard();
    const text = textOf(html);
    expect(text).toContain('2026-03-02 – 2026-06-26 · 2 emprendimientos · 1 en riesgo');
    expect(text).toContain('En riesgo 3 tareas vencidas');
    expect(text).toContain('Ordenar por');
    expect(text).toContain('Exportar CSV');
    expect(text).toContain('Progreso mediano actual: 35 %');
    expect(html).toContain('aria-label="Incorporate: En curso, vencida"');
    expect(text).not.toContain('At risk');
  });
});

describe('a mentor’s ventures (issue 18) in both languages (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('reads in English as before', () => {
    const text = renderMentoring();
    expect(text).toContain('Spring cohort · Harbour Accelerator · progress only');
    expect(text).toContain('At risk no activity for 15 days');
  });

  it('reads in Spanish once Spanish is chosen', async () => {
    await activateLanguage('es');
    const text = renderMentoring();
    expect(text).toContain('Mis emprendimientos');
    expect(text).toContain('Spring cohort · Harbour Accelerator · solo el progreso');
    expect(text).toContain('En riesgo sin actividad desde hace 15 días');
  });
});
