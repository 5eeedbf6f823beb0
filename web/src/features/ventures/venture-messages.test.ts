import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import {
  blurbCounterText,
  blurbLengthAnnouncement,
  taskUpdatedToast,
  taskUpdateFailedToast,
  ventureCreatedToast,
  ventureCreateFailedToast,
  ventureFetchFailedToast,
  ventureFormError,
  ventureInputOf,
  ventureNotFoundText,
  ventureNotFoundTitle,
} from './venture-messages';

const serverError = (status: number, message: string) => new ApiError(status, message, { message }, message);

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
    expect(taskUpdateFailedToast).toMatchObject({
      title: 'Failed to update task',
      description: 'There was an error updating the task status. Please try again.',
    });
  });
});
