import { createEvent } from '@app/common';
import { activityOf } from '../src/domain/record-activity.ts';

const ada = { userId: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace' };
const bob = { userId: 'u2', email: 'bob@example.com', displayName: 'bob@example.com' };
const venture = { ventureId: 'v1', ventureName: 'Acme' };
const task = { taskId: 't1', taskTitle: 'Write a clear problem statement' };

describe('the activity line of each of the venture’s own events', () => {
  it('a status change names who made it, from and to (v2: the actor; v1: the only member, the owner)', () => {
    const v2 = createEvent(
      'task.updated.v2',
      { ...venture, ...task, fromStatus: 'todo', toStatus: 'in_progress', actor: bob, notify: [] },
      { producer: 'venture' },
    );
    expect(activityOf(v2, 'a1')).toEqual({
      id: 'a1',
      eventId: v2.id,
      at: new Date(v2.occurredAt),
      ventureId: 'v1',
      kind: 'task.status_changed',
      actor: { userId: 'u2', displayName: 'bob@example.com' },
      details: { ...task, fromStatus: 'todo', toStatus: 'in_progress' },
    });
    const v1 = createEvent(
      'task.updated',
      {
        ...venture,
        ...task,
        fromStatus: 'done',
        toStatus: 'todo',
        ownerId: 'u1',
        ownerUsername: 'ada@example.com',
      },
      { producer: 'venture' },
    );
    expect(activityOf(v1, 'a2')).toMatchObject({
      kind: 'task.status_changed',
      actor: { userId: 'u1', displayName: 'ada@example.com' },
      details: { fromStatus: 'done', toStatus: 'todo' },
    });
  });

  it('assignments, comments and membership changes', () => {
    const assigned = createEvent(
      'task.assigned',
      { ...venture, ...task, actor: ada, assignee: { ...bob, role: 'editor' }, previousAssigneeId: null },
      { producer: 'venture' },
    );
    expect(activityOf(assigned, 'x')).toMatchObject({
      kind: 'task.assigned',
      actor: { userId: 'u1', displayName: 'Ada Lovelace' },
      details: { ...task, assignee: { userId: 'u2', displayName: 'bob@example.com' } },
    });
    const commented = createEvent(
      'task.commented',
      { ...venture, ...task, commentId: 'c1', author: bob, body: 'Hi', mentioned: [], assignee: null },
      { producer: 'venture' },
    );
    expect(activityOf(commented, 'x')).toMatchObject({
      kind: 'task.commented',
      details: { commentId: 'c1' },
    });
    const joined = createEvent(
      'venture.member_joined',
      { ...venture, invitationId: 'i1', member: { ...bob, role: 'viewer' }, notify: [] },
      { producer: 'venture' },
    );
    expect(activityOf(joined, 'x')).toMatchObject({
      kind: 'member.joined',
      actor: { userId: 'u2' },
      details: { role: 'viewer' },
    });
    const removed = createEvent(
      'venture.member_removed',
      { ...venture, member: { ...bob, role: 'viewer' }, actor: ada, left: false },
      { producer: 'venture' },
    );
    expect(activityOf(removed, 'x')).toMatchObject({ kind: 'member.removed', details: { left: false } });
    const changed = createEvent(
      'venture.member_role_changed',
      { ...venture, member: { ...bob, role: 'owner' }, fromRole: 'editor', toRole: 'owner', actor: ada },
      { producer: 'venture' },
    );
    expect(activityOf(changed, 'x')).toMatchObject({
      kind: 'member.role_changed',
      details: { fromRole: 'editor', toRole: 'owner' },
    });
  });

  it('an event that is not part of a venture’s history makes no line', () => {
    const created = createEvent(
      'venture.created',
      { ventureId: 'v1', ownerId: 'u1', name: 'Acme' },
      { producer: 'venture' },
    );
    expect(activityOf(created, 'x')).toBeNull();
  });
});
