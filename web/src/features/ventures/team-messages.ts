/** Texts of the sharing screens (issue 16): the members dialog and the roadmap's team controls. */
import type { VentureRole } from '@app/contracts';
import { msg, translate } from '../../i18n/i18n';
import { failureText } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

/**
 * The contracts' role names (`VENTURE_ROLE_LABELS`), as messages for the catalogue: shown with `t(…)`.
 * team-messages.test.ts keeps them equal to the contracts'.
 */
export const VENTURE_ROLE_TEXTS: Readonly<Record<VentureRole, string>> = {
  owner: msg('Owner'),
  editor: msg('Editor'),
  viewer: msg('Viewer'),
};

/** A role inside a sentence ("invited as editor"): its own lower-case message, as Spanish need not lower it. */
const ROLE_IN_SENTENCE: Readonly<Record<VentureRole, string>> = {
  owner: msg('owner'),
  editor: msg('editor'),
  viewer: msg('viewer'),
};

/** What each role may do, under the role picker (the venture policy in words). */
export const ROLE_DESCRIPTIONS: Readonly<Record<VentureRole, string>> = {
  owner: msg('Everything, including members and deleting the venture'),
  editor: msg('Task statuses, assignees and comments'),
  viewer: msg('Reads the roadmap and comments'),
};

export function invitationSentToast(email: string, role: VentureRole): ToastOptions {
  return {
    title: msg('Invitation sent'),
    description: translate('{email} is invited as {role}.', {
      email,
      role: translate(ROLE_IN_SENTENCE[role]),
    }),
  };
}

export function invitationResentToast(email: string): ToastOptions {
  return {
    title: msg('Invitation resent'),
    description: translate('A new link went to {email}; the old one no longer works.', { email }),
  };
}

export function invitationRevokedToast(email: string): ToastOptions {
  return {
    title: msg('Invitation revoked'),
    description: translate('The link sent to {email} no longer works.', { email }),
  };
}

export function roleChangedToast(name: string, role: VentureRole): ToastOptions {
  return {
    title: msg('Role changed'),
    description: translate('{name} is now {role}.', { name, role: translate(ROLE_IN_SENTENCE[role]) }),
  };
}

export function memberRemovedToast(name: string): ToastOptions {
  return {
    title: msg('Member removed'),
    description: translate('{name} no longer has access to this venture.', { name }),
  };
}

export function leftVentureToast(ventureName: string): ToastOptions {
  return {
    title: msg('You left the venture'),
    description: translate('You no longer have access to {ventureName}.', { ventureName }),
  };
}

export function assigneeChangedToast(assigneeName: string | null): ToastOptions {
  return assigneeName === null
    ? { title: msg('Assignee cleared'), description: msg('Nobody is assigned to this task now.') }
    : {
        title: msg('Task assigned'),
        description: translate('{name} is assigned to this task.', { name: assigneeName }),
      };
}

/** A failed sharing action: the server's message (e.g. "already a member", "the last owner"), else `fallback`. */
export function teamFailedToast(title: string, error: unknown, fallback: string): ToastOptions {
  return { title, description: failureText(error, fallback), duration: TOAST_SECONDS.long };
}
