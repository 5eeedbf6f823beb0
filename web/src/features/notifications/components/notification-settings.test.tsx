import { createQueryClient } from '../../../lib/query-client';
import { renderStatic, textOf } from '../../../testing/static-render';
import { notificationPreferencesQueryOptions } from '../api/notification-preferences';
import { NotificationSettings } from './notification-settings';

function render(preferences?: {
  taskChanges: 'instant' | 'daily' | 'off';
  mentions: boolean;
  assignments: boolean;
  reminders: boolean;
  programUpdates: boolean;
}) {
  const queryClient = createQueryClient();
  if (preferences) queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, preferences);
  return renderStatic(<NotificationSettings />, queryClient);
}

describe('the account page’s Notifications card', () => {
  it('shows how task changes arrive (instantly, daily digest, off) with the chosen one checked, and the two switches', () => {
    const html = render({
      taskChanges: 'daily',
      mentions: true,
      assignments: false,
      reminders: true,
      programUpdates: true,
    });
    const text = textOf(html);
    expect(text).toContain('Task changes');
    expect(text).toContain('Instantly');
    expect(text).toContain('Daily digest');
    expect(text).toContain('Off');
    expect(text).toContain('Mentions');
    expect(text).toContain('Assignments');
    expect(text).toContain('Due-date reminders');
    expect(text).toContain('Program updates');
    expect(text).toContain(
      'At-risk alerts for the ventures you mentor, and the weekly digest of the programs you run.',
    );
    expect(text).toContain('Invitations and e-mails about your account are always sent.');
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="daily"/);
    expect(html.match(/<input[^>]*type="radio"[^>]*checked=""/g)).toHaveLength(1);
    // Mentions, reminders and program updates on, assignments off.
    expect(html.match(/role="switch"[^>]*aria-checked="true"/g)).toHaveLength(3);
    expect(html.match(/role="switch"[^>]*aria-checked="false"/g)).toHaveLength(1);
  });

  it('shows the due-date reminders switch off when they are off', () => {
    const html = render({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: false,
      programUpdates: true,
    });
    expect(html).toMatch(
      /id="[^"]*-reminders"[^>]*aria-checked="false"|aria-checked="false"[^>]*id="[^"]*-reminders"/,
    );
    expect(html.match(/role="switch"[^>]*aria-checked="false"/g)).toHaveLength(1);
  });

  it('shows the program updates switch off when they are off, whatever the reminders', () => {
    const html = render({
      taskChanges: 'instant',
      mentions: true,
      assignments: true,
      reminders: true,
      programUpdates: false,
    });
    expect(html).toMatch(
      /id="[^"]*-program-updates"[^>]*aria-checked="false"|aria-checked="false"[^>]*id="[^"]*-program-updates"/,
    );
    expect(html.match(/role="switch"[^>]*aria-checked="false"/g)).toHaveLength(1);
  });

  it('while the settings load, then it says so to screen readers', () => {
    expect(textOf(render())).toContain('Loading your notification settings');
  });
});
