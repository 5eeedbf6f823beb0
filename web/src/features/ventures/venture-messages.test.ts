import {
  VENTURE_BLURB_TOO_LONG,
  VENTURE_NAME_REQUIRED,
  VENTURE_NAME_TOO_LONG,
  VENTURE_ROLE_LABELS,
} from '@app/contracts';
import { activateLanguage } from '../../i18n/i18n';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import { dueLabelText, taskDatesSavedToast, waitingOnMessage } from './plan-messages';
import { invitationSentToast, roleChangedToast, VENTURE_ROLE_TEXTS } from './team-messages';
import {
  blurbCounterText,
  blurbLengthAnnouncement,
  taskUpdatedToast,
  taskUpdateFailedToast,
  ventureCreatedToast,
  ventureCreateFailedToast,
  ventureDeleteFailedToast,
  ventureFetchFailedToast,
  ventureFormProblem,
  ventureInputOf,
  ventureNotFoundText,
  ventureBlurbTooLongMessage,
  ventureNameRequiredMessage,
  ventureNameTooLongMessage,
  ventureNotFoundTitle,
  ventureUpdateFailedToast,
} from './venture-messages';

const serverError = (status: number, message: string) => new ApiError(status, message, { message }, message);
const ventureFormError = (values: Parameters<typeof ventureFormProblem>[0]) =>
  ventureFormProblem(values, 'roadmap')?.toast ?? null;

describe('venture form rules (spec §5)', () => {
  it('when the name is empty or blank, then the Error toast asks for a venture name', () => {
    expect(ventureFormError({ name: '   ', blurb: '' })).toEqual({
      title: 'Error',
      description: 'Please enter a venture name',
    });
    expect(ventureFormError({})).toMatchObject({ description: 'Please enter a venture name' });
  });

  it('when the description is longer than 140 characters, then it is refused with the spec text', () => {
    expect(ventureFormError({ name: 'Acme', blurb: 'x'.repeat(141) })).toEqual({
      title: 'Error',
      description: 'Description must be 140 characters or less',
    });
    expect(ventureFormError({ name: 'Acme', blurb: 'x'.repeat(140) })).toBeNull();
  });

  it('when values are sent, then name and description are trimmed', () => {
    expect(ventureInputOf({ name: '  Acme  ', blurb: ' Rockets ' })).toEqual({
      name: 'Acme',
      blurb: 'Rockets',
    });
    expect(ventureInputOf({ name: 'Acme' })).toEqual({ name: 'Acme', blurb: '' });
  });

  it('when the description is typed, then the counter reads n/140 and speaks up only near the limit', () => {
    expect(blurbCounterText(12)).toBe('12/140');
    expect(blurbLengthAnnouncement(50)).toBe('');
    expect(blurbLengthAnnouncement(139)).toBe('1 character left');
    expect(blurbLengthAnnouncement(143)).toBe(
      'Description must be 140 characters or less: 3 characters too many',
    );
  });
});

describe('the add/edit venture form on the account page (spec §5)', () => {
  it.each([undefined, '', '   '])('when the name is %j, then it asks for a name for the venture', (name) => {
    expect(ventureFormProblem({ name, blurb: '' }, 'account')).toEqual({
      field: 'name',
      message: 'Please enter a name for your venture',
      toast: { title: 'Error', description: 'Please enter a name for your venture' },
    });
  });

  it('when the name is longer than 100 characters, then it says so', () => {
    expect(ventureFormProblem({ name: 'x'.repeat(101) }, 'account')?.message).toBe(
      'Venture name must be 100 characters or less',
    );
    expect(ventureFormProblem({ name: 'x'.repeat(100) }, 'account')).toBeNull();
  });

  it('when the description has 141 characters, then the toast is Description too long; 140 is fine', () => {
    expect(ventureFormProblem({ name: 'Acme', blurb: 'b'.repeat(141) }, 'account')).toEqual({
      field: 'blurb',
      message: 'Description must be 140 characters or less',
      toast: { title: 'Description too long', description: 'Description must be 140 characters or less' },
    });
    expect(ventureFormProblem({ name: 'Acme', blurb: 'b'.repeat(140) }, 'account')).toBeNull();
  });
});

describe('venture toasts (spec §8)', () => {
  it('when a venture is created, then the success toast reads word for word', () => {
    expect(ventureCreatedToast).toEqual({
      title: 'Venture created',
      description: 'Your venture roadmap has been created successfully!',
    });
  });

  it('when creation fails, then the server message is shown, else the default', () => {
    expect(ventureCreateFailedToast(serverError(400, 'Please enter a venture name'))).toMatchObject({
      title: 'Error creating venture',
      description: 'Please enter a venture name',
    });
    expect(
      ventureCreateFailedToast(new ApiError(500, 'Internal Server Error', undefined, undefined)),
    ).toMatchObject({ description: 'There was an error creating your venture' });
  });

  it('when a venture cannot be fetched, then the toast names the status', () => {
    expect(ventureFetchFailedToast(serverError(404, 'Venture not found')).title).toBe(
      'Error fetching venture: 404',
    );
    const offline = new ApiError(NETWORK_ERROR_STATUS, 'Could not reach the server.', undefined, undefined);
    expect(ventureFetchFailedToast(offline).title).toBe('Error fetching venture: network error');
  });

  it('when the venture is not found, then the view reads word for word', () => {
    expect(ventureNotFoundTitle).toBe('Venture not found');
    expect(ventureNotFoundText).toBe(
      "The venture you're looking for does not exist or you don't have permission to view it.",
    );
  });

  it('when a task changes, then the toast names the new status and the e-mail notification', () => {
    expect(taskUpdatedToast('in_progress')).toEqual({
      title: 'Task updated to In Progress',
      description: 'An email notification has been sent.',
    });
    expect(taskUpdatedToast('done').title).toBe('Task updated to Done');
    expect(taskUpdatedToast('todo').title).toBe('Task updated to To Do');
  });

  it('when a task change fails, then the failure toast reads word for word', () => {
    expect(taskUpdateFailedToast()).toMatchObject({
      title: 'Failed to update task',
      description: 'There was an error updating the task status. Please try again.',
    });
  });

  it('when the server says why a change was refused (a stale tab), then the toast says it', () => {
    const stale = new ApiError(
      409,
      'Conflict',
      { code: 'TASK.STATUS_CHANGED', message: 'This task was changed meanwhile. Reload and try again.' },
      'This task was changed meanwhile. Reload and try again.',
    );
    expect(taskUpdateFailedToast(stale).description).toBe(
      'This task was changed meanwhile. Reload and try again.',
    );
  });
});

describe('failure toasts (spec §8): the server message, else the default', () => {
  const statusOnlyError = new ApiError(502, 'Bad Gateway', undefined, undefined);

  it.each([
    [ventureCreateFailedToast, 'Error creating venture', 'There was an error creating your venture'],
    [ventureUpdateFailedToast, 'Error updating venture', 'There was an error updating your venture'],
    [ventureDeleteFailedToast, 'Error deleting venture', 'There was an error deleting your venture'],
  ])('%p', (toastOf, title, fallback) => {
    expect(toastOf(statusOnlyError)).toMatchObject({ title, description: fallback });
    expect(toastOf(serverError(403, 'The demo account cannot be changed or deleted'))).toMatchObject({
      title,
      description: 'The demo account cannot be changed or deleted',
    });
  });
});

describe('the contracts’ texts written as messages (issue 21)', () => {
  it('read in English exactly as the contracts’', () => {
    expect(ventureNameRequiredMessage).toBe(VENTURE_NAME_REQUIRED);
    expect(ventureNameTooLongMessage()).toBe(VENTURE_NAME_TOO_LONG);
    expect(ventureBlurbTooLongMessage()).toBe(VENTURE_BLURB_TOO_LONG);
    expect(VENTURE_ROLE_TEXTS).toEqual(VENTURE_ROLE_LABELS);
  });

  it('word the due labels, the dates and the waiting list in English as before', () => {
    expect(dueLabelText({ days: -1 })).toBe('Overdue by 1 day');
    expect(dueLabelText({ days: 0 })).toBe('Due today');
    expect(dueLabelText({ days: 9 })).toBe('Due in 9 days');
    expect(taskDatesSavedToast({ startDate: '2026-11-20', dueDate: '2026-12-01' }).description).toBe(
      'The task has due 2026-12-01, starts 2026-11-20.',
    );
    expect(taskDatesSavedToast({ startDate: null, dueDate: null }).description).toBe(
      'The task has no due date.',
    );
    expect(waitingOnMessage([{ title: 'Incorporate', status: 'in_progress' }])).toBe(
      'Waiting on: Incorporate (In Progress)',
    );
    expect(invitationSentToast('ann@example.com', 'editor').description).toBe(
      'ann@example.com is invited as editor.',
    );
  });
});

describe('the venture texts in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('words the form rules, the counter’s announcement and the toasts in Spanish', () => {
    expect(ventureFormProblem({ name: 'Acme', blurb: 'x'.repeat(141) }, 'roadmap')?.message).toBe(
      'La descripción debe tener 140 caracteres o menos',
    );
    expect(blurbLengthAnnouncement(143)).toBe(
      'La descripción debe tener 140 caracteres o menos: sobran 3 caracteres',
    );
    expect(taskUpdatedToast('done').title).toBe('Tarea actualizada a Hecho');
    expect(
      ventureFetchFailedToast(new ApiError(NETWORK_ERROR_STATUS, 'offline', undefined, undefined)).title,
    ).toBe('Error al obtener el emprendimiento: error de red');
  });

  it('words the plan and team texts in Spanish, names as they are', () => {
    expect(dueLabelText({ days: -3 })).toBe('Vencida hace 3 días');
    expect(dueLabelText({ days: 1 })).toBe('Vence mañana');
    expect(waitingOnMessage([{ title: 'Incorporate', status: 'todo' }])).toBe(
      'En espera de: Incorporate (Por hacer)',
    );
    expect(roleChangedToast('Ann Lee', 'viewer').description).toBe('Ann Lee ahora es lector.');
    expect(invitationSentToast('ann@example.com', 'owner').description).toBe(
      'ann@example.com tiene una invitación como propietario.',
    );
  });
});
