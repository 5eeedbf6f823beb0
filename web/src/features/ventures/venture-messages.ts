/**
 * Texts of the venture screens, word for word from the spec's validation rules (§5) and
 * error catalogue (§8) where it quotes them.
 */
import { isApiError, NETWORK_ERROR_STATUS, serverMessageOf } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';
import { taskStatusLabels } from './task-status';
import type { TaskStatus } from './types';

/** Spec §9: the blurb holds at most 140 characters. */
export const BLURB_MAX_LENGTH = 140;
/** The venture service's limit on names (services/venture/README.md). */
export const NAME_MAX_LENGTH = 100;

export const ventureNameRequiredMessage = 'Please enter a venture name';
export const blurbTooLongMessage = 'Description must be 140 characters or less';
export const nameTooLongMessage = `Venture name must be ${NAME_MAX_LENGTH} characters or less`;

export interface VentureFormValues {
  name?: string;
  blurb?: string;
}

/**
 * Spec §5: the name is required; the description is optional and at most 140 characters.
 * Returns the toast to show, or null when the values may be sent. The length is counted as
 * the live counter shows it, so the counter and the rule never disagree.
 */
export function ventureFormError(values: VentureFormValues): ToastOptions | null {
  const name = (values.name ?? '').trim();
  const blurb = values.blurb ?? '';
  if (name === '') return { title: 'Error', description: ventureNameRequiredMessage };
  if (name.length > NAME_MAX_LENGTH) return { title: 'Error', description: nameTooLongMessage };
  if (blurb.length > BLURB_MAX_LENGTH) return { title: 'Error', description: blurbTooLongMessage };
  return null;
}

/** What the form sends: the name and description without surrounding spaces. */
export function ventureInputOf(values: VentureFormValues): { name: string; blurb: string } {
  return { name: (values.name ?? '').trim(), blurb: (values.blurb ?? '').trim() };
}

/** The counter under the description, e.g. '12/140'. */
export function blurbCounterText(length: number): string {
  return `${length}/${BLURB_MAX_LENGTH}`;
}

/**
 * What a screen reader hears about the description's length. Silent until the limit is
 * near, so typing is not interrupted on every keystroke.
 */
export function blurbLengthAnnouncement(length: number): string {
  const remaining = BLURB_MAX_LENGTH - length;
  if (remaining < 0) {
    const over = -remaining;
    return `${blurbTooLongMessage}: ${over} ${over === 1 ? 'character' : 'characters'} too many`;
  }
  if (remaining <= 20) return `${remaining} ${remaining === 1 ? 'character' : 'characters'} left`;
  return '';
}

/** The server's message, the network failure's message, or the given default. */
function failureText(error: unknown, fallback: string): string {
  const serverMessage = serverMessageOf(error);
  if (serverMessage !== undefined && serverMessage.trim() !== '') return serverMessage;
  if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) return error.message;
  return fallback;
}

export const ventureCreatedToast: ToastOptions = {
  title: 'Venture created',
  description: 'Your venture roadmap has been created successfully!',
};

export function ventureCreateFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Error creating venture',
    description: failureText(error, 'There was an error creating your venture'),
    duration: TOAST_SECONDS.long,
  };
}

export const ventureUpdatedToast: ToastOptions = {
  title: 'Venture updated',
  description: 'Your venture details have been saved.',
};

export function ventureUpdateFailedToast(error: unknown): ToastOptions {
  return {
    title: 'Error updating venture',
    description: failureText(error, 'There was an error updating your venture'),
    duration: TOAST_SECONDS.long,
  };
}

/** Spec §8 "Venture fetch failure": 'Error fetching venture: {status}'. */
export function ventureFetchFailedToast(error: unknown): ToastOptions {
  const status =
    isApiError(error) && error.status !== NETWORK_ERROR_STATUS ? String(error.status) : 'network error';
  return {
    title: `Error fetching venture: ${status}`,
    description: failureText(error, 'The venture could not be loaded.'),
    duration: TOAST_SECONDS.long,
  };
}

export const ventureNotFoundTitle = 'Venture not found';
export const ventureNotFoundText =
  "The venture you're looking for does not exist or you don't have permission to view it.";

export function taskUpdatedToast(status: TaskStatus): ToastOptions {
  return {
    title: `Task updated to ${taskStatusLabels[status]}`,
    description: 'An email notification has been sent.',
  };
}

export const taskUpdateFailedToast: ToastOptions = {
  title: 'Failed to update task',
  description: 'There was an error updating the task status. Please try again.',
  duration: TOAST_SECONDS.long,
};
