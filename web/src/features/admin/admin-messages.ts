/**
 * Texts of the admin dashboard, word for word from the spec where it gives them (§6, §8); the success
 * toasts and the texts of what the spec leaves open are this app's own.
 */
import { DEFAULT_TASK_CATEGORY } from '@app/contracts';
import { currentLocale, msg, translate } from '../../i18n/i18n';
import { serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

/*
 * Issue 21: the texts are built when a toast or a status line is shown, in the language active then; the
 * English ids are the texts the spec and the tests quote.
 */

export function accessDeniedToast(): ToastOptions {
  return {
    title: translate('Access Denied'),
    description: translate("You don't have admin permissions to view this page."),
    duration: TOAST_SECONDS.long,
  };
}

/** Spec §8: the admin failures are plain error toasts; the server's message is added when it gave one. */
function failure(title: string, error: unknown): ToastOptions {
  const message = serverMessageOf(error);
  return message && message !== title
    ? { title, description: message, duration: TOAST_SECONDS.long }
    : { title, duration: TOAST_SECONDS.long };
}

export const updateUserFailedToast = (error: unknown) => failure(translate('Failed to update user'), error);
export const deleteUserFailedToast = (error: unknown) => failure(translate('Failed to delete user'), error);
export const makeAdminFailedToast = (error: unknown) =>
  failure(translate('Failed to make user admin'), error);
export const createUserFailedToast = (error: unknown) => failure(translate('Failed to create user'), error);
export const createOrganizationFailedToast = (error: unknown) =>
  failure(translate('Failed to create organization'), error);
export const updateOrganizationFailedToast = (error: unknown) =>
  failure(translate('Failed to update organization'), error);
export const createTemplateFailedToast = (error: unknown) =>
  failure(translate('Failed to create template'), error);
export const updateTemplateFailedToast = (error: unknown) =>
  failure(translate('Failed to update template'), error);
export const deleteTemplateFailedToast = (error: unknown) =>
  failure(translate('Failed to delete template'), error);

/** Spec §8: 'Failed to delete organization' — the server message is used when present. */
export function deleteOrganizationFailedToast(error: unknown): ToastOptions {
  const title = translate('Failed to delete organization');
  return {
    title,
    description: serverMessageOf(error) ?? title,
    duration: TOAST_SECONDS.long,
  };
}

export const userUpdatedToast = (username: string): ToastOptions => ({
  title: translate('User updated'),
  description: translate('{username} has been updated.', { username }),
});
export const userDeletedToast = (username: string): ToastOptions => ({
  title: translate('User deleted'),
  description: translate('{username} has been deleted.', { username }),
});
export const userPromotedToast = (username: string): ToastOptions => ({
  title: translate('User promoted'),
  description: translate('{username} is now an administrator.', { username }),
});
export const userCreatedToast = (username: string): ToastOptions => ({
  title: translate('User created'),
  description: translate('{username} can now sign in.', { username }),
});
export const organizationCreatedToast = (name: string): ToastOptions => ({
  title: translate('Organization created'),
  description: translate('{name} has been created.', { name }),
});
export const organizationUpdatedToast = (name: string): ToastOptions => ({
  title: translate('Organization updated'),
  description: translate('{name} has been saved.', { name }),
});
export const organizationDeletedToast = (name: string): ToastOptions => ({
  title: translate('Organization deleted'),
  description: translate('{name} has been deleted.', { name }),
});
export const templateSavedToast = (title: string): ToastOptions => ({
  title: translate('Template saved'),
  description: translate('{title} has been saved.', { title }),
});
export const templateDeletedToast = (title: string): ToastOptions => ({
  title: translate('Template deleted'),
  description: translate('{title} has been deleted.', { title }),
});

/** Spec §6: an admin cannot delete their own account through the interface (translated where shown). */
export const SELF_DELETE_NOTE = msg(
  'You cannot delete your own account. Please contact the system administrator.',
);

/** Spec §6: the confirmation dialog states that an organization with users cannot be deleted (translated where shown). */
export const ORGANIZATION_HAS_USERS_RULE = msg('An organization that has users cannot be deleted.');

export function organizationUsersNote(userCount: number | undefined): string | null {
  if (!userCount) return null;
  return translate(
    'This organization has {count} {count, plural, one {user} other {users}}, so it cannot be deleted. Mark it inactive instead.',
    { count: userCount },
  );
}

/** `DEFAULT_TASK_CATEGORY` (@app/contracts), marked for the catalogue (the unit test holds them equal). */
export const GENERAL_CATEGORY = msg('General');

/**
 * Spec §3: a template without a category is shown as General. In the active language: the standard categories
 * and General have Spanish; a category an administrator typed reads as typed.
 */
export function templateCategoryLabel(category: string | null | undefined): string {
  const trimmed = category?.trim();
  return translate(trimmed ? trimmed : DEFAULT_TASK_CATEGORY);
}

/** Spec §2: dates in US short form (English); in the reader's own form in another language. */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(currentLocale());
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'short' });
}

/** What a paged list holds, and its rows' name (plural, lowercase) as the list lines use it. */
export type ListNoun = 'users' | 'organizations' | 'ventures' | 'messages';

const LIST_NOUNS: Readonly<Record<ListNoun, string>> = {
  users: msg('users'),
  organizations: msg('organizations'),
  ventures: msg('ventures'),
  messages: msg('messages'),
};

/*
 * The list lines put the noun in as a placeholder rather than one message per noun: the English catalogue
 * (compiled messages with placeholders) loads with the landing page, so it is kept small. The Spanish words
 * them so that no article or adjective has to agree with the noun.
 */

/**
 * Under a paged list (issue 18): how many rows are shown, whether more can be loaded, and the search they
 * match. E.g. "Showing 50 users. Load more to see the next ones." or "All 3 users matching “ada” are shown."
 */
export function listStatusText(shown: number, noun: ListNoun, q: string, hasMore: boolean): string {
  const values = { noun: translate(LIST_NOUNS[noun]), shown, q };
  if (hasMore) {
    return q === ''
      ? translate('Showing {shown} {noun}. Load more to see the next ones.', values)
      : translate('Showing {shown} {noun} matching “{q}”. Load more to see the next ones.', values);
  }
  if (shown === 0) {
    return q === '' ? translate('No {noun} yet.', values) : translate('No {noun} match “{q}”.', values);
  }
  return q === ''
    ? translate('All {shown} {noun} are shown.', values)
    : translate('All {shown} {noun} matching “{q}” are shown.', values);
}

/** The empty text of a paged list: nothing yet, or nothing that matches the search. */
export function listEmptyText(noun: ListNoun, q: string): string {
  const values = { noun: translate(LIST_NOUNS[noun]), q };
  return q === '' ? translate('No {noun} yet', values) : translate('No {noun} match “{q}”', values);
}

/** A paged list's next page failed to load. */
export function moreFailedText(noun: ListNoun): string {
  return translate('More {noun} could not be loaded.', { noun: translate(LIST_NOUNS[noun]) });
}
