import { AppError } from './errors.ts';
import { createEvent, EVENT_TYPES, eventSchemas, parseEvent, type EventData } from './events.ts';

const taskUpdated: EventData<'task.updated'> = {
  ventureId: 'v1',
  ventureName: 'Lemonade',
  taskId: 't1',
  taskTitle: 'Write the plan',
  fromStatus: 'in_progress',
  toStatus: 'done',
  ownerId: 'u1',
  ownerUsername: 'ada@example.org',
};

describe('event registry', () => {
  it('createEvent builds the envelope: uuid id, type, ISO time, correlation id, producer, data', () => {
    const event = createEvent('task.updated', taskUpdated, { producer: 'venture', correlationId: 'req-1' });
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      type: 'task.updated',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      correlationId: 'req-1',
      producer: 'venture',
      data: taskUpdated,
    });
  });

  it('createEvent without a correlation id gives the event its own', () => {
    const event = createEvent('venture.deleted', { ventureId: 'v1', ownerId: 'u1' }, { producer: 'venture' });
    expect(event.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('createEvent rejects a wrong payload at runtime too (and at compile time)', () => {
    const bad = { ...taskUpdated, toStatus: 'finished' };
    // @ts-expect-error -- 'finished' is not a task status: a wrong payload must not compile.
    const wrongStatus = () => createEvent('task.updated', bad, { producer: 'venture' });
    const unknownKey = () => {
      const ctx = { producer: 'auth' };
      // @ts-expect-error -- unknown keys are not part of the contract.
      createEvent('user.deleted', { userId: 'u', username: 'a', isAdmin: true }, ctx);
    };
    expect(wrongStatus).toThrow(AppError);
    expect(unknownKey).toThrow(/isAdmin/);
  });

  it('parseEvent returns a valid event as it was created', () => {
    const event = createEvent(
      'user.registered',
      { userId: 'u1', username: 'ada', organizationId: null },
      { producer: 'auth' },
    );
    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('parseEvent rejects an unknown type with EVENT.UNKNOWN_TYPE', () => {
    const event = {
      ...createEvent('venture.deleted', { ventureId: 'v', ownerId: 'u' }, { producer: 'x' }),
      type: 'venture.renamed',
    };
    expect(() => parseEvent(event)).toThrow(
      expect.objectContaining({ code: 'EVENT.UNKNOWN_TYPE', status: 400 }),
    );
  });

  it('parseEvent rejects invalid data, a bad envelope and non-objects with EVENT.INVALID', () => {
    const event = createEvent('venture.deleted', { ventureId: 'v', ownerId: 'u' }, { producer: 'x' });
    for (const raw of [
      { ...event, data: { ventureId: 'v' } },
      { ...event, id: 'not-a-uuid' },
      { ...event, occurredAt: 'yesterday' },
      { ...event, extra: 1 },
      null,
      'task.updated',
      [],
    ]) {
      expect(() => parseEvent(raw)).toThrow(expect.objectContaining({ code: 'EVENT.INVALID', status: 400 }));
    }
  });

  it('parseEvent does not mistake inherited properties for event types', () => {
    const event = {
      ...createEvent('venture.deleted', { ventureId: 'v', ownerId: 'u' }, { producer: 'x' }),
      type: 'constructor',
    };
    expect(() => parseEvent(event)).toThrow(expect.objectContaining({ code: 'EVENT.UNKNOWN_TYPE' }));
  });

  it('the registry holds the published names (never renamed)', () => {
    expect(EVENT_TYPES.sort()).toEqual(
      [
        'contact.received',
        'password.reset_requested',
        'task.updated',
        'user.deleted',
        'user.registered',
        'user.sessions_revoked',
        'venture.created',
        'venture.deleted',
        // Issue 16 (founding teams).
        'task.updated.v2',
        'task.assigned',
        'task.commented',
        'venture.member_invited',
        'venture.member_joined',
        'venture.member_removed',
        'venture.member_role_changed',
        'user.notification_preferences_changed',
        // Issue 17 (plans with dates).
        'task.reminder_due',
        // Issue 18 (institution workspaces).
        'organization.updated',
        'organization.deleted',
        'organization.member_changed',
        'organization.member_invited',
        'program.changed',
        'program.founder_enrolled',
        'program.enrolment_changed',
        'organization.audit_recorded',
        'venture.at_risk',
        'program.digest_due',
      ].sort(),
    );
    expect(Object.keys(eventSchemas)).toHaveLength(27);
  });
});
