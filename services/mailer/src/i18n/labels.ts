import type { ReminderKind, TaskStatus } from '@app/contracts';
import type { Translator } from './translator.ts';

/*
 * The contracts' labels (TASK_STATUS_LABELS, REMINDER_LABELS, the venture roles) as
 * messages: the English ids are those labels word for word (`test/catalogue.test.ts` compares them), each
 * written out so the catalogue check finds it.
 */

export function statusLabel({ t }: Translator, status: TaskStatus): string {
  switch (status) {
    case 'todo':
      return t('To Do');
    case 'in_progress':
      return t('In Progress');
    case 'done':
      return t('Done');
    case 'blocked':
      return t('Blocked');
  }
}

export function reminderLabel({ t }: Translator, kind: ReminderKind): string {
  switch (kind) {
    case 'due_in_7_days':
      return t('Due in 7 days');
    case 'due_tomorrow':
      return t('Due tomorrow');
    case 'overdue':
      return t('Overdue');
  }
}

export function ventureRoleLabel({ t }: Translator, role: 'owner' | 'editor' | 'viewer'): string {
  switch (role) {
    case 'owner':
      return t('Owner');
    case 'editor':
      return t('Editor');
    case 'viewer':
      return t('Viewer');
  }
}
