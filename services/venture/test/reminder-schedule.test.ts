import { nextReminderOn } from '../src/domain/reminder-schedule.ts';

describe('nextReminderOn', () => {
  const today = '2026-11-25';

  it("is the 7-day reminder's day for a due date far ahead", () => {
    expect(nextReminderOn({ dueDate: '2026-12-20', status: 'todo', remindedFor: {} }, today)).toBe(
      '2026-12-13',
    );
  });

  it('skips what was sent for this due date, and re-arms for a moved one', () => {
    const sent = { due_in_7_days: '2026-12-02' };
    expect(nextReminderOn({ dueDate: '2026-12-02', status: 'todo', remindedFor: sent }, today)).toBe(
      '2026-12-01',
    );
    expect(nextReminderOn({ dueDate: '2026-12-09', status: 'todo', remindedFor: sent }, today)).toBe(
      '2026-12-02',
    );
  });

  it('skips a 7-day reminder whose day has passed', () => {
    expect(nextReminderOn({ dueDate: '2026-11-28', status: 'todo', remindedFor: {} }, today)).toBe(
      '2026-11-27',
    );
  });

  it('an overdue task that was not reminded yet is due today', () => {
    expect(nextReminderOn({ dueDate: '2026-11-01', status: 'blocked', remindedFor: {} }, today)).toBe(today);
    expect(
      nextReminderOn(
        { dueDate: '2026-11-01', status: 'blocked', remindedFor: { overdue: '2026-11-01' } },
        today,
      ),
    ).toBeNull();
  });

  it('nothing for a done task or one without a due date', () => {
    expect(nextReminderOn({ dueDate: '2026-12-20', status: 'done', remindedFor: {} }, today)).toBeNull();
    expect(nextReminderOn({ dueDate: null, status: 'todo', remindedFor: {} }, today)).toBeNull();
  });
});
