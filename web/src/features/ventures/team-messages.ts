/** Texts of the sharing screens (issue 16): the members dialog and the roadmap's team controls. */
import { VENTURE_ROLE_LABELS, type VentureRole } from '@app/contracts';
import { failureText } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';

/** What each role may do, under the role picker (the venture policy in words). */
export const ROLE_DESCRIPTIONS: Readonly<Record<VentureRole, string>> = {
  owner: 'Everything, including members and deleting the venture',
  editor: 'Task statuses, assignees and comments',
  viewer: 'Reads the roadmap and comments',
};

export function invitationSentToast(email: string, role: VentureRole): ToastOptions {
  return {
    title: 'Invitation sent',
    description: `${email} is invited as ${VENTURE_ROLE_LABELS[role].toLowerCase()}.`,
  };
}

export function invitationResentToast(email: string): ToastOptions {
  return {
    title: 'Invitation resent',
    description: `A new link went to ${email}; the old one no longer works.`,
  };
}

export function invitationRevokedToast(email: string): ToastOptions {
  return { title: 'Invitation revoked', description: `The link sent to ${email} no longer works.` };
}

export function roleChangedToast(name: string, role: VentureRole): ToastOptions {
  return { title: 'Role changed', description: `${name} is now ${VENTURE_ROLE_LABELS[role].toLowerCase()}.` };
}

export function memberRemovedToast(name: string): ToastOptions {
  return { title: 'Member removed', description: `${name} no longer has access to this venture.` };
}

export function leftVentureToast(ventureName: string): ToastOptions {
  return { title: 'You left the venture', description: `You no longer have access to ${ventureName}.` };
}

export function assigneeChangedToast(assigneeName: string | null): ToastOptions {
  return assigneeName === null
    ? { title: 'Assignee cleared', description: 'Nobody is assigned to this task now.' }
    : { title: 'Task assigned', description: `${assigneeName} is assigned to this task.` };
}

/** A failed sharing action: the server's message (e.g. "already a member", "the last owner"), else `fallback`. */
export function teamFailedToast(title: string, error: unknown, fallback: string): ToastOptions {
  return { title, description: failureText(error, fallback), duration: TOAST_SECONDS.long };
}
