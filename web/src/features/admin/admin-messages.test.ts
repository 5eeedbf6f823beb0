import { ApiError } from '../../lib/api-client';
import {
  accessDeniedToast,
  deleteOrganizationFailedToast,
  deleteUserFailedToast,
  formatShortDate,
  makeAdminFailedToast,
  organizationUsersNote,
  templateCategoryLabel,
  updateUserFailedToast,
} from './admin-messages';

const withMessage = (message: string) => new ApiError(409, message, { message }, message);

describe('admin dashboard texts (spec §6, §8)', () => {
  it('when a non-admin opens the dashboard, then the toast says Access Denied with the spec’s text', () => {
    expect(accessDeniedToast).toMatchObject({
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
  });

  it('dates are in US short form', () => {
    expect(formatShortDate('2026-03-07T12:00:00.000Z')).toBe('3/7/2026');
    expect(formatShortDate('not a date')).toBe('');
  });
});
