import { TASK_STATUS_LABELS, VENTURE_ROLE_LABELS, type ActivityEntry } from '@app/contracts';

/*
 * One line of a venture's history in words: "Bo moved Define your problem from To Do to In Progress".
 * Pure, so the wording is tested without rendering.
 */

/** The task an entry is about, if any (the drawer's History shows only its task's entries). */
export function activityTaskId(entry: ActivityEntry): string | null {
  return 'taskId' in entry.details ? entry.details.taskId : null;
}

/** A role as it reads inside a sentence: "an editor", "a viewer", "an owner". */
function withArticle(label: string): string {
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;
}

/**
 * The sentence of an entry. `you` is the signed-in user's id: their own actions read "You …".
 */
export function activitySentence(entry: ActivityEntry, you?: string): string {
  const name = (person: { userId: string; displayName: string }, start = false) =>
    person.userId === you ? (start ? 'You' : 'you') : person.displayName;
  const actor = name(entry.actor, true);
  switch (entry.kind) {
    case 'task.status_changed': {
      const { taskTitle, fromStatus, toStatus } = entry.details;
      return `${actor} moved ${taskTitle} from ${TASK_STATUS_LABELS[fromStatus]} to ${TASK_STATUS_LABELS[toStatus]}`;
    }
    case 'task.assigned': {
      const { taskTitle, assignee } = entry.details;
      if (assignee === null) return `${actor} cleared the assignee of ${taskTitle}`;
      if (assignee.userId === entry.actor.userId) return `${actor} took ${taskTitle}`;
      return `${actor} assigned ${taskTitle} to ${name(assignee)}`;
    }
    case 'task.commented':
      return `${actor} commented on ${entry.details.taskTitle}`;
    case 'member.joined':
      return `${name(entry.details.member, true)} joined as ${withArticle(VENTURE_ROLE_LABELS[entry.details.role])}`;
    case 'member.removed':
      return entry.details.left
        ? `${name(entry.details.member, true)} left the venture`
        : `${actor} removed ${name(entry.details.member)}`;
    case 'member.role_changed': {
      const { member, fromRole, toRole } = entry.details;
      return `${actor} changed the role of ${name(member)} from ${VENTURE_ROLE_LABELS[fromRole]} to ${VENTURE_ROLE_LABELS[toRole]}`;
    }
  }
}
