import {
  DEFAULT_RISK_RULES,
  ORG_ROLE_LABELS,
  ORGANIZATION_PLAN_LABELS,
  orgPermissionsOf,
  type OrgMember,
  type Program,
  type Workspace,
} from '@app/contracts';
import { jest } from '@jest/globals';
import type { ReactNode } from 'react';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf as tagFreeText } from '../../../testing/static-render';
import { membersQueryOptions, programsQueryOptions, workspaceQueryOptions } from '../api/workspace-queries';
import { MembersTab } from '../components/members-tab';
import { PLAN_NAMES } from '../components/overview-tab';
import { ProgramsTab } from '../components/programs-tab';
import { ROLE_NAMES } from '../workspace-messages';

// The page imports its stylesheet, which only Vite reads.
jest.unstable_mockModule('../workspaces.css', () => ({}));
const { WorkspacePage } = await import('./workspace-page');

// The page reads its slug from the route; the test renders it outside one, so the slug is ''.
const SLUG = '';

const workspace: Workspace = {
  organization: {
    id: 'o1',
    name: 'Northgate Institute',
    slug: 'northgate',
    logoUrl: null,
    primaryColor: '#0F172A',
    secondaryColor: '#3B82F6',
    description: null,
    isActive: false,
    plan: 'enterprise',
    displayName: null,
    faviconUrl: null,
    replyToEmail: null,
    supportUrl: null,
    termsUrl: null,
    privacyUrl: null,
    customDomain: null,
    createdAt: '2026-01-05T00:00:00.000Z',
  },
  myRole: 'orgAdmin',
  permissions: orgPermissionsOf('orgAdmin'),
  counts: { members: 4, founders: 12, programs: 1 },
};

const programs: Program[] = [
  {
    id: 'p1',
    organizationId: 'o1',
    name: 'Spring cohort',
    startDate: '2026-03-02',
    endDate: '2026-06-26',
    templateVersion: null,
    riskRules: { ...DEFAULT_RISK_RULES, belowMedianPoints: null },
    registrationOpen: true,
    archived: false,
    createdAt: '2026-01-05T00:00:00.000Z',
    enrolledCount: 12,
  },
];

const members: OrgMember[] = [
  {
    userId: 'u1',
    email: 'ann@example.com',
    displayName: 'Ann Lee',
    role: 'programManager',
    joinedAt: '2026-01-05T09:00:00.000Z',
  },
];

/** The visible text; tags removed (which leaves a space before the punctuation that followed one). */
const textOf = (html: string) => tagFreeText(html).replace(/ ([.,])/g, '$1');

function render(node: ReactNode): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(workspaceQueryOptions(SLUG).queryKey, workspace);
  queryClient.setQueryData(programsQueryOptions(SLUG).queryKey, programs);
  queryClient.setQueryData(membersQueryOptions(SLUG).queryKey, members);
  return textOf(renderStatic(node, queryClient));
}

const page = () => render(<WorkspacePage NotFound={() => null} />);
const programsTab = () => render(<ProgramsTab slug={SLUG} workspace={workspace} />);
const membersTab = () =>
  render(
    <MembersTab
      slug={SLUG}
      workspace={{ ...workspace, myRole: 'mentor', permissions: orgPermissionsOf('mentor') }}
    />,
  );

describe('an organization workspace (issue 18) in both languages (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('names the roles and plans in English exactly as the contracts do', () => {
    expect(ROLE_NAMES).toEqual(ORG_ROLE_LABELS);
    expect(PLAN_NAMES).toEqual(ORGANIZATION_PLAN_LABELS);
  });

  it('reads in English as before', () => {
    const text = page();
    expect(text).toContain('Staff members 4 Founders 12 Active programs 1 Plan Enterprise');
    expect(text).toContain(
      'You are an Organization admin of Northgate Institute. Founders join through the registration page /org/northgate, which is closed while the organization is inactive.',
    );
    expect(programsTab()).toContain(
      'Standard 50 tasks no activity for 14 days · 3 tasks overdue · blocked for 7 days',
    );
    expect(membersTab()).toContain('Ann Lee ann@example.com Program manager');
  });

  it('reads in Spanish once Spanish is chosen', async () => {
    await activateLanguage('es');
    const text = page();
    expect(text).toContain('Espacio de trabajo Northgate Institute');
    expect(text).toContain('Resumen Programas Miembros Registro de auditoría Configuración');
    expect(text).toContain('Miembros del equipo 4 Fundadores 12 Programas activos 1 Plan Empresas');
    expect(text).toContain(
      'Tu rol en Northgate Institute: Administrador de la organización. Los fundadores se unen a través de la página de registro /org/northgate, que está cerrada mientras la organización esté inactiva.',
    );
    const programsText = programsTab();
    expect(programsText).toContain('Nuevo programa');
    expect(programsText).toContain('Inscripción abierta');
    expect(programsText).toContain(
      'Las 50 tareas estándar sin actividad desde hace 14 días · 3 tareas vencidas · bloqueado desde hace 7 días',
    );
    expect(membersTab()).toContain('Ann Lee ann@example.com Responsable de programa');
  });
});
