import { DEFAULT_TASK_CATEGORY } from '@app/contracts';
import { activateLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import {
  accessDeniedToast,
  deleteOrganizationFailedToast,
  deleteUserFailedToast,
  formatShortDate,
  GENERAL_CATEGORY,
  listEmptyText,
  listStatusText,
  makeAdminFailedToast,
  organizationUsersNote,
  templateCategoryLabel,
  updateUserFailedToast,
} from './admin-messages';

const withMessage = (message: string) => new ApiError(409, message, { message }, message);

describe('admin dashboard texts (spec §6, §8)', () => {
  it('when a non-admin opens the dashboard, then the toast says Access Denied with the spec’s text', () => {
    expect(accessDeniedToast()).toMatchObject({
      title: 'Access Denied',
      description: "You don't have admin permissions to view this page.",
    });
  });

  it('when an admin action fails, then the toast carries the spec’s title', () => {
    expect(updateUserFailedToast(new Error('x')).title).toBe('Failed to update user');
    expect(deleteUserFailedToast(new Error('x')).title).toBe('Failed to delete user');
    expect(makeAdminFailedToast(new Error('x')).title).toBe('Failed to make user admin');
  });

  it('when deleting an organization fails with a server message, then that message is shown', () => {
    expect(deleteOrganizationFailedToast(withMessage('This organization has 2 users'))).toMatchObject({
      title: 'Failed to delete organization',
      description: 'This organization has 2 users',
    });
    expect(deleteOrganizationFailedToast(new Error('network')).description).toBe(
      'Failed to delete organization',
    );
  });

  it('when an organization has users, then the delete dialog says it cannot be deleted', () => {
    expect(organizationUsersNote(0)).toBeNull();
    expect(organizationUsersNote(undefined)).toBeNull();
    expect(organizationUsersNote(1)).toContain('has 1 user,');
    expect(organizationUsersNote(3)).toContain('has 3 users');
  });

  it('when a template has no category, then it shows as General', () => {
    expect(templateCategoryLabel('')).toBe('General');
    expect(templateCategoryLabel(null)).toBe('General');
    expect(templateCategoryLabel('Legal')).toBe('Legal');
    expect(GENERAL_CATEGORY).toBe(DEFAULT_TASK_CATEGORY);
  });

  it('dates are in US short form', () => {
    expect(formatShortDate('2026-03-07T12:00:00.000Z')).toBe('3/7/2026');
    expect(formatShortDate('not a date')).toBe('');
  });
});

describe('paged admin lists (issue 18)', () => {
  it('while the server has more rows, the status says how many are shown and that Load more brings the next ones', () => {
    expect(listStatusText(50, 'users', '', true)).toBe('Showing 50 users. Load more to see the next ones.');
    expect(listStatusText(100, 'users', 'ada', true)).toBe(
      'Showing 100 users matching “ada”. Load more to see the next ones.',
    );
  });

  it('on the last page the status says everything is shown, or that nothing matches the search', () => {
    expect(listStatusText(3, 'ventures', '', false)).toBe('All 3 ventures are shown.');
    expect(listStatusText(2, 'ventures', 'acme', false)).toBe('All 2 ventures matching “acme” are shown.');
    expect(listStatusText(0, 'messages', '', false)).toBe('No messages yet.');
    expect(listStatusText(0, 'messages', 'refund', false)).toBe('No messages match “refund”.');
  });

  it('an empty list says whether nothing exists yet or nothing matches', () => {
    expect(listEmptyText('organizations', '')).toBe('No organizations yet');
    expect(listEmptyText('organizations', 'harbor')).toBe('No organizations match “harbor”');
  });
});

describe('admin texts in Spanish (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('toasts, notes and list lines read in Spanish, each list naming its own rows', async () => {
    await activateLanguage('es');
    expect(accessDeniedToast()).toMatchObject({
      title: 'Acceso denegado',
      description: 'No tienes permisos de administrador para ver esta página.',
    });
    expect(updateUserFailedToast(new Error('x')).title).toBe('No se pudo actualizar el usuario');
    expect(organizationUsersNote(1)).toBe(
      'Esta organización tiene 1 usuario, así que no se puede eliminar. Márcala como inactiva en su lugar.',
    );
    expect(listStatusText(3, 'organizations', '', false)).toBe('Se muestran 3 organizaciones: no hay más.');
    expect(listStatusText(50, 'users', 'ada', true)).toBe(
      'Se muestran 50 usuarios que coinciden con “ada”. Carga más para ver el resto.',
    );
    expect(listStatusText(0, 'messages', 'refund', false)).toBe(
      'No hay mensajes que coincidan con “refund”.',
    );
    expect(listEmptyText('ventures', '')).toBe('Todavía no hay emprendimientos');
    expect(formatShortDate('2026-03-07T12:00:00.000Z')).toBe('7/3/2026');
    expect(templateCategoryLabel('Funding & Finance')).toBe('Financiación y finanzas');
  });
});
