/**
 * Texts of the venture screens, word for word from the spec's validation rules (§5) and
 * error catalogue (§8) where it quotes them.
 */
import { LIMITS, type TaskStatus } from '@app/contracts';
import type { FieldProblem } from '../../components/use-field-problems';
import { msg, translate } from '../../i18n/i18n';
import { failureText, isApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import { TOAST_SECONDS, type ToastOptions } from '../../lib/toast-options';
import { TASK_STATUS_TEXTS } from './task-status';

/** Spec §5: the account page words the missing name its own way (the server's words are the roadmap's). */
export const accountVentureNameRequiredMessage = msg('Please enter a name for your venture');

/*
 * The contracts' validation texts (VENTURE_NAME_REQUIRED, VENTURE_NAME_TOO_LONG, VENTURE_BLURB_TOO_LONG), the
 * same English, written here as messages so the catalogue translates them (venture-messages.test.ts keeps
 * them equal to the contracts').
 */
export const ventureNameRequiredMessage = msg('Please enter a venture name');

export function ventureNameTooLongMessage(): string {
  return translate('Venture name must be {max} characters or less', { max: LIMITS.venture.name.max });
}

export function ventureBlurbTooLongMessage(): string {
  return translate('Description must be {max} characters or less', { max: LIMITS.venture.blurb.max });
}

export interface VentureFormValues {
  name?: string;
  blurb?: string;
  /** Issue 17, the roadmap's Edit only: the venture's IANA time zone. */
  timeZone?: string;
  /** Issue 17, the roadmap's Edit only: 'YYYY-MM-DD', or null to clear it. */
  targetLaunchDate?: string | null;
}

export type VentureField = keyof VentureFormValues;

/**
 * Whose words the venture form speaks (spec §5): the roadmap pages' ('Please enter a venture name', every
 * toast titled 'Error') or the account page's ('Please enter a name for your venture', 'Description too long').
 */
export type VentureFormWording = 'roadmap' | 'account';

/**
 * Spec §5: the name is trimmed and required; the description is optional and at most 140 characters.
 * Returns the broken rule (its toast, its field and the text under it), or null when the values may be
 * sent. The length is counted as the live counter shows it, so the counter and the rule never disagree.
 */
export function ventureFormProblem(
  values: VentureFormValues,
  wording: VentureFormWording,
): FieldProblem<VentureField> | null {
  const name = (values.name ?? '').trim();
  const blurb = values.blurb ?? '';
  if (name === '') {
    const message = wording === 'account' ? accountVentureNameRequiredMessage : ventureNameRequiredMessage;
    return { field: 'name', message, toast: { title: msg('Error'), description: message } };
  }
  if (name.length > LIMITS.venture.name.max) {
    const message = ventureNameTooLongMessage();
    return { field: 'name', message, toast: { title: msg('Error'), description: message } };
  }
  if (blurb.length > LIMITS.venture.blurb.max) {
    const title = wording === 'account' ? msg('Description too long') : msg('Error');
    const message = ventureBlurbTooLongMessage();
    return { field: 'blurb', message, toast: { title, description: message } };
  }
  return null;
}

/** What the form sends: the name and description without surrounding spaces. */
export function ventureInputOf(values: VentureFormValues): { name: string; blurb: string } {
  return { name: (values.name ?? '').trim(), blurb: (values.blurb ?? '').trim() };
}

/** The counter under the description, e.g. '12/140'. */
export function blurbCounterText(length: number): string {
  return `${length}/${LIMITS.venture.blurb.max}`;
}

/**
 * What a screen reader hears about the description's length. Silent until the limit is
 * near, so typing is not interrupted on every keystroke.
 */
export function blurbLengthAnnouncement(length: number): string {
  const remaining = LIMITS.venture.blurb.max - length;
  if (remaining < 0) {
    return translate(
      'Description must be {max} characters or less: {over, plural, one {# character} other {# characters}} too many',
      { max: LIMITS.venture.blurb.max, over: -remaining },
    );
  }
  if (remaining <= 20) {
    return translate('{remaining, plural, one {# character} other {# characters}} left', { remaining });
  }
  return '';
}

export const ventureCreatedToast: ToastOptions = {
  title: msg('Venture created'),
  description: msg('Your venture roadmap has been created successfully!'),
};

export function ventureCreateFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Error creating venture'),
    description: failureText(error, msg('There was an error creating your venture')),
    duration: TOAST_SECONDS.long,
  };
}

export const ventureUpdatedToast: ToastOptions = {
  title: msg('Venture updated'),
  description: msg('Your venture details have been saved.'),
};

export function ventureUpdateFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Error updating venture'),
    description: failureText(error, msg('There was an error updating your venture')),
    duration: TOAST_SECONDS.long,
  };
}

export function ventureDeletedToast(name: string): ToastOptions {
  return {
    title: msg('Venture deleted'),
    description: translate('"{name}" and its roadmap have been deleted.', { name }),
  };
}

export function ventureDeleteFailedToast(error: unknown): ToastOptions {
  return {
    title: msg('Error deleting venture'),
    description: failureText(error, msg('There was an error deleting your venture')),
    duration: TOAST_SECONDS.long,
  };
}

/** The account page's venture list, when it could not be loaded. */
export const venturesLoadFailedText = msg('Your ventures could not be loaded.');

/** Spec §8 "Venture fetch failure": 'Error fetching venture: {status}'. */
export function ventureFetchFailedToast(error: unknown): ToastOptions {
  const status =
    isApiError(error) && error.status !== NETWORK_ERROR_STATUS
      ? String(error.status)
      : translate('network error');
  return {
    title: translate('Error fetching venture: {status}', { status }),
    description: failureText(error, msg('The venture could not be loaded.')),
    duration: TOAST_SECONDS.long,
  };
}

export const ventureNotFoundTitle = msg('Venture not found');
export const ventureNotFoundText = msg(
  "The venture you're looking for does not exist or you don't have permission to view it.",
);

export function taskUpdatedToast(status: TaskStatus): ToastOptions {
  return {
    title: translate('Task updated to {status}', { status: translate(TASK_STATUS_TEXTS[status]) }),
    description: msg('An email notification has been sent.'),
  };
}

const TASK_UPDATE_FAILED = msg('There was an error updating the task status. Please try again.');

/**
 * A refused or failed status change: the server's reason when it gave one (issue 20: a stale tab gets "This
 * task was changed meanwhile…", a viewer "…" — the roadmap then shows the task as the server has it), else
 * the spec's text.
 */
export function taskUpdateFailedToast(error?: unknown): ToastOptions {
  return {
    title: msg('Failed to update task'),
    description: failureText(error, TASK_UPDATE_FAILED),
    duration: TOAST_SECONDS.long,
  };
}
