import type { ActivityEntry, TaskStatus, VentureRole } from '@app/contracts';
import { msg, translate } from '../../i18n/i18n';

/*
 * One line of a venture's history in words: "Bo moved Define your problem from To Do to In Progress".
 * Pure, so the wording is tested without rendering. Each sentence is one message whose `{you, select, …}`
 * tells the signed-in user's own actions ("You …") from others', as Spanish conjugates the verb differently.
 */

/** The task an entry is about, if any (the drawer's History shows only its task's entries). */
export function activityTaskId(entry: ActivityEntry): string | null {
  return 'taskId' in entry.details ? entry.details.taskId : null;
}

/** The contracts' status names (`TASK_STATUS_LABELS`), as messages. */
const STATUS_TEXTS: Readonly<Record<TaskStatus, string>> = {
  todo: msg('To Do'),
  in_progress: msg('In Progress'),
  done: msg('Done'),
  blocked: msg('Blocked'),
};

/** The contracts' role names (`VENTURE_ROLE_LABELS`), as messages. */
const ROLE_TEXTS: Readonly<Record<VentureRole, string>> = {
  owner: msg('Owner'),
  editor: msg('Editor'),
  viewer: msg('Viewer'),
};

/** A role as it reads inside a sentence: "an editor", "a viewer", "an owner". */
const ROLE_WITH_ARTICLE: Readonly<Record<VentureRole, string>> = {
  owner: msg('an owner'),
  editor: msg('an editor'),
  viewer: msg('a viewer'),
};

/**
 * The sentence of an entry, in the active language. `you` is the signed-in user's id: their own actions
 * read "You …".
 */
export function activitySentence(entry: ActivityEntry, you?: string): string {
  const isYou = (person: { userId: string }) => (person.userId === you ? 'yes' : 'no');
  const actor = { you: isYou(entry.actor), actor: entry.actor.displayName };
  switch (entry.kind) {
    case 'task.status_changed': {
      const { taskTitle, fromStatus, toStatus } = entry.details;
      return translate('{you, select, yes {You} other {{actor}}} moved {task} from {from} to {to}', {
        ...actor,
        task: taskTitle,
        from: translate(STATUS_TEXTS[fromStatus]),
        to: translate(STATUS_TEXTS[toStatus]),
      });
    }
    case 'task.assigned': {
      const { taskTitle, assignee } = entry.details;
      if (assignee === null) {
        return translate('{you, select, yes {You} other {{actor}}} cleared the assignee of {task}', {
          ...actor,
          task: taskTitle,
        });
      }
      if (assignee.userId === entry.actor.userId) {
        return translate('{you, select, yes {You} other {{actor}}} took {task}', {
          ...actor,
          task: taskTitle,
        });
      }
      // The signed-in user as the one assigned: Spanish words it apart ("Bo te asignó …").
      if (isYou(assignee) === 'yes') {
        return translate('{actor} assigned {task} to you', { actor: actor.actor, task: taskTitle });
      }
      return translate('{you, select, yes {You} other {{actor}}} assigned {task} to {assignee}', {
        ...actor,
        task: taskTitle,
        assignee: assignee.displayName,
      });
    }
    case 'task.commented':
      return translate('{you, select, yes {You} other {{actor}}} commented on {task}', {
        ...actor,
        task: entry.details.taskTitle,
      });
    case 'member.joined': {
      const { member, role } = entry.details;
      return translate('{you, select, yes {You} other {{member}}} joined as {role}', {
        you: isYou(member),
        member: member.displayName,
        role: translate(ROLE_WITH_ARTICLE[role]),
      });
    }
    case 'member.removed': {
      const { member } = entry.details;
      return entry.details.left
        ? translate('{you, select, yes {You} other {{member}}} left the venture', {
            you: isYou(member),
            member: member.displayName,
          })
        : isYou(member) === 'yes'
          ? translate('{actor} removed you', { actor: actor.actor })
          : translate('{you, select, yes {You} other {{actor}}} removed {member}', {
              ...actor,
              member: member.displayName,
            });
    }
    case 'member.role_changed': {
      const { member, fromRole, toRole } = entry.details;
      return translate(
        '{you, select, yes {You} other {{actor}}} changed the role of {memberIsYou, select, yes {you} other {{member}}} from {from} to {to}',
        {
          ...actor,
          memberIsYou: isYou(member),
          member: member.displayName,
          from: translate(ROLE_TEXTS[fromRole]),
          to: translate(ROLE_TEXTS[toRole]),
        },
      );
    }
  }
}
