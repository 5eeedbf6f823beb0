import type { ActivityEntry } from '@app/contracts';
import { activateLanguage } from '../../i18n/i18n';
import { activitySentence, activityTaskId } from './activity-sentence';

const ann = { userId: 'u-ann', displayName: 'Ann Lee' };
const bo = { userId: 'u-bo', displayName: 'bo@example.com' };
const base = { id: 'e1', ventureId: 'v1', eventId: 'ev1', actor: bo, at: '2026-11-25T09:00:00.000Z' };
const task = { taskId: 't1', taskTitle: 'Define your problem' };

describe('the sentences of a venture history', () => {
  it('when a member moves a task, then it says who moved which task from which status to which', () => {
    const entry: ActivityEntry = {
      ...base,
      kind: 'task.status_changed',
      details: { ...task, fromStatus: 'todo', toStatus: 'in_progress' },
    };
    expect(activitySentence(entry)).toBe(
      'bo@example.com moved Define your problem from To Do to In Progress',
    );
    expect(activitySentence(entry, 'u-bo')).toBe('You moved Define your problem from To Do to In Progress');
    expect(activityTaskId(entry)).toBe('t1');
  });

  it('when a task is assigned, taken or cleared, then the sentence says so', () => {
    const assigned = (assignee: typeof ann | null): ActivityEntry => ({
      ...base,
      kind: 'task.assigned',
      details: { ...task, assignee },
    });
    expect(activitySentence(assigned(ann))).toBe('bo@example.com assigned Define your problem to Ann Lee');
    expect(activitySentence(assigned(ann), 'u-ann')).toBe(
      'bo@example.com assigned Define your problem to you',
    );
    expect(activitySentence(assigned(bo))).toBe('bo@example.com took Define your problem');
    expect(activitySentence(assigned(null))).toBe(
      'bo@example.com cleared the assignee of Define your problem',
    );
  });

  it('when someone comments, then the sentence names the task', () => {
    const entry: ActivityEntry = { ...base, kind: 'task.commented', details: { ...task, commentId: 'c1' } };
    expect(activitySentence(entry)).toBe('bo@example.com commented on Define your problem');
  });

  it('when membership changes, then the sentence names the member, the role and who did it', () => {
    expect(
      activitySentence({ ...base, kind: 'member.joined', details: { member: bo, role: 'editor' } }),
    ).toBe('bo@example.com joined as an editor');
    expect(
      activitySentence({ ...base, kind: 'member.joined', details: { member: bo, role: 'viewer' } }, 'u-bo'),
    ).toBe('You joined as a viewer');
    expect(activitySentence({ ...base, kind: 'member.removed', details: { member: bo, left: true } })).toBe(
      'bo@example.com left the venture',
    );
    expect(
      activitySentence({ ...base, actor: ann, kind: 'member.removed', details: { member: bo, left: false } }),
    ).toBe('Ann Lee removed bo@example.com');
    const roleChange: ActivityEntry = {
      ...base,
      actor: ann,
      kind: 'member.role_changed',
      details: { member: bo, fromRole: 'editor', toRole: 'viewer' },
    };
    expect(activitySentence(roleChange)).toBe(
      'Ann Lee changed the role of bo@example.com from Editor to Viewer',
    );
    expect(activityTaskId(roleChange)).toBeNull();
  });
});

describe('the sentences of a venture history in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('conjugate for the signed-in user and for others, with the statuses and roles in Spanish', () => {
    const moved: ActivityEntry = {
      ...base,
      kind: 'task.status_changed',
      details: { ...task, fromStatus: 'todo', toStatus: 'in_progress' },
    };
    expect(activitySentence(moved)).toBe('bo@example.com movió Define your problem de Por hacer a En curso');
    expect(activitySentence(moved, 'u-bo')).toBe('Moviste Define your problem de Por hacer a En curso');
    const assigned: ActivityEntry = { ...base, kind: 'task.assigned', details: { ...task, assignee: ann } };
    expect(activitySentence(assigned)).toBe('bo@example.com asignó Define your problem a Ann Lee');
    expect(activitySentence(assigned, 'u-ann')).toBe('bo@example.com te asignó Define your problem');
    expect(
      activitySentence({ ...base, kind: 'member.joined', details: { member: bo, role: 'viewer' } }, 'u-bo'),
    ).toBe('Te uniste como lector');
    const roleChange: ActivityEntry = {
      ...base,
      actor: ann,
      kind: 'member.role_changed',
      details: { member: bo, fromRole: 'editor', toRole: 'viewer' },
    };
    expect(activitySentence(roleChange)).toBe('Ann Lee cambió el rol de bo@example.com de Editor a Lector');
    expect(activitySentence(roleChange, 'u-bo')).toBe('Ann Lee cambió tu rol de Editor a Lector');
    expect(
      activitySentence(
        { ...base, actor: ann, kind: 'member.removed', details: { member: bo, left: false } },
        'u-bo',
      ),
    ).toBe('Ann Lee te quitó');
  });
});
