import type { AdminUserRow, User } from '@app/contracts';
import { jest } from '@jest/globals';
import { sessionUserQueryOptions } from '../../../entities/session-user/get-session-user';
import { activateLanguage } from '../../../i18n/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { adminListQueryOptions, adminStatsQueryOptions } from '../api/admin-queries';

// The page imports its stylesheet, which only Vite reads.
jest.unstable_mockModule('../admin.css', () => ({}));
const { AdminDashboardPage } = await import('./admin-dashboard-page');

const admin: User = {
  id: 'u1',
  username: 'ada@example.com',
  isAdmin: true,
  isActive: true,
  firstName: null,
  lastName: null,
  jobTitle: null,
  department: null,
  phoneNumber: null,
  organizationId: null,
  createdAt: '2026-03-07T12:00:00.000Z',
};
const other: AdminUserRow = {
  ...admin,
  id: 'u2',
  username: 'grace@example.com',
  isAdmin: false,
  isActive: false,
  organizationName: null,
};

/** The dashboard on its Users tab, as the admin sees it with the data already loaded. */
function renderDashboard(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionUserQueryOptions().queryKey, admin);
  queryClient.setQueryData(adminStatsQueryOptions().queryKey, {
    userCount: 2,
    ventureCount: 5,
    taskCount: 40,
    completedTaskCount: 12,
  });
  queryClient.setQueryData(adminListQueryOptions('users').queryKey, {
    pages: [{ items: [{ ...admin, organizationName: null }, other], nextCursor: null }],
    pageParams: [null],
  });
  return textOf(renderStatic(<AdminDashboardPage />, queryClient));
}

describe('the admin dashboard (spec §2) in both languages (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('reads in English as the spec words it', () => {
    const text = renderDashboard();
    expect(text).toContain('Admin Dashboard');
    expect(text).toContain('Refresh Data');
    expect(text).toContain('Completed tasks');
    expect(text).toContain('Add User');
    expect(text).toContain('You cannot delete your own account. Please contact the system administrator.');
    expect(text).toContain('All 2 users are shown.');
  });

  it('reads in Spanish once Spanish is chosen', async () => {
    await activateLanguage('es');
    const text = renderDashboard();
    expect(text).toContain('Panel de administración');
    expect(text).toContain('Actualizar datos');
    expect(text).toContain('Tareas completadas');
    expect(text).toContain('Agregar usuario');
    expect(text).toContain('No puedes eliminar tu propia cuenta.');
    expect(text).toContain('Se muestran 2 usuarios: no hay más.');
    expect(text).toContain('Hacer administrador');
    expect(text).toContain('Inactivo');
    expect(text).not.toContain('Refresh Data');
  });
});
