/**
 * Texts of the admin dashboard, word for word from the spec where it gives them (§6, §8); the success
 * toasts and the texts of what the spec leaves open are this app's own.
 */
import { DEFAULT_TASK_CATEGORY } from '@app/contracts';
import { serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

export const accessDeniedToast: ToastOptions = {
  title: 'Access Denied',
  description: "You don't have admin permissions to view this page.",
  duration: TOAST_SECONDS.long,
};

/** Spec §8: the admin failures are plain error toasts; the server's message is added when it gave one. */
function failure(title: string, error: unknown): ToastOptions {
  const message = serverMessageOf(error);
  return message && message !== title
    ? { title, description: message, duration: TOAST_SECONDS.long }
    : { title, duration: TOAST_SECONDS.long };
}

export const updateUserFailedToast = (error: unknown) => failure('Failed to update user', error);
export const deleteUserFailedToast = (error: unknown) => failure('Failed to delete user', error);
export const makeAdminFailedToast = (error: unknown) => failure('Failed to make user admin', error);
export const createUserFailedToast = (error: unknown) => failure('Failed to create user', error);
export const createOrganizationFailedToast = (error: unknown) =>
  failure('Failed to create organization', error);
export const updateOrganizationFailedToast = (error: unknown) =>
  failure('Failed to update organization', error);
export const createTemplateFailedToast = (error: unknown) => failure('Failed to create template', error);
export const updateTemplateFailedToast = (error: unknown) => failure('Failed to update template', error);
export const deleteTemplateFailedToast = (error: unknown) => failure('Failed to delete template', error);

/** Spec §8: 'Failed to delete organization' — the server message is used when present. */
export function deleteOrganizationFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Failed to delete organization',
    description: serverMessageOf(error) ?? 'Failed to delete organization',
    duration: TOAST_SECONDS.long,
  };
}

export const userUpdatedToast = (username: string): ToastOptions => ({
  title: 'User updated',
  description: `${username} has been updated.`,
});
export const userDeletedToast = (username: string): ToastOptions => ({
  title: 'User deleted',
  description: `${username} has been deleted.`,
});
export const userPromotedToast = (username: string): ToastOptions => ({
  title: 'User promoted',
  description: `${username} is now an administrator.`,
});
export const userCreatedToast = (username: string): ToastOptions => ({
  title: 'User created',
  description: `${username} can now sign in.`,
});
export const organizationCreatedToast = (name: string): ToastOptions => ({
  title: 'Organization created',
  description: `${name} has been created.`,
});
export const organizationUpdatedToast = (name: string): ToastOptions => ({
  title: 'Organization updated',
  description: `${name} has been saved.`,
});
export const organizationDeletedToast = (name: string): ToastOptions => ({
  title: 'Organization deleted',
  description: `${name} has been deleted.`,
});
export const templateSavedToast = (title: string): ToastOptions => ({
  title: 'Template saved',
  description: `${title} has been saved.`,
});
export const templateDeletedToast = (title: string): ToastOptions => ({
  title: 'Template deleted',
  description: `${title} has been deleted.`,
});

/** Spec §6: an admin cannot delete their own account through the interface. */
export const SELF_DELETE_NOTE =
  'You cannot delete your own account. Please contact the system administrator.';

/** Spec §6: the confirmation dialog states that an organization with users cannot be deleted. */
export const ORGANIZATION_HAS_USERS_RULE = 'An organization that has users cannot be deleted.';

export function organizationUsersNote(userCount: number | undefined): string | null {
  if (!userCount) return null;
  return `This organization has ${userCount} user${userCount === 1 ? '' : 's'}, so it cannot be deleted. Mark it inactive instead.`;
}

/** Spec §3: a template without a category is shown as General. */
export function templateCategoryLabel(category: string | null | undefined): string {
  const trimmed = category?.trim();
  return trimmed ? trimmed : DEFAULT_TASK_CATEGORY;
}

/** Spec §2: dates in US short form. */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US');
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
}

/**
 * Under a paged list (issue 18): how many rows are shown, whether more can be loaded, and the search they
 * match. E.g. "Showing 50 users. Load more to see the next ones." or "All 3 users matching “ada” are shown."
 */
export function listStatusText(shown: number, noun: string, q: string, hasMore: boolean): string {
  const matching = q === '' ? '' : ` matching “${q}”`;
  if (hasMore) return `Showing ${shown} ${noun}${matching}. Load more to see the next ones.`;
  if (shown === 0) return q === '' ? `No ${noun} yet.` : `No ${noun} match “${q}”.`;
  return `All ${shown} ${noun}${matching} are shown.`;
}

/** The empty text of a paged list: nothing yet, or nothing that matches the search. */
export function listEmptyText(noun: string, q: string): string {
  return q === '' ? `No ${noun} yet` : `No ${noun} match “${q}”`;
}
