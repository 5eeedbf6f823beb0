import { describe, expect, it } from '@jest/globals';
import { createEvent, NonRetryableError, verifyUnsubscribeToken, type EventData } from '@app/common';
import { composeEmails, recipientIds } from '../src/domain/compose-emails.ts';
import { composeDigest, digestEntriesFor } from '../src/domain/digest.ts';
import type { MailSettings } from '../src/domain/email.ts';
import type { NotificationPreferences } from '../src/domain/preferences.ts';
import { listHeaders, messageIdFor } from '../src/clients/mail-transport.ts';

const KEY = 'unsubscribe-test-key-unsubscribe-test-key';
const settings: MailSettings = {
  publicUrl: 'https://app.example.test',
  contactInbox: 'team@example.test',
  unsubscribeKey: KEY,
  openSealed: (sealed) => (sealed.startsWith('sealed:') ? sealed.slice('sealed:'.length) : null),
};
const ctx = { producer: 'test' };

const ada = { userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', email: 'ada@example.test', displayName: 'Ada Lovelace' };
const bob = {
  userId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  email: 'bob@example.test',
  displayName: 'bob@example.test',
};
const cy = { userId: 'cccccccccccccccccccccccc', email: 'cy@example.test', displayName: 'Cy' };
const member = (p: typeof ada, role: 'owner' | 'editor' | 'viewer' = 'editor') => ({ ...p, role });

const prefs = (entries: Array<[string, Partial<NotificationPreferences>]>) =>
  new Map(
    entries.map(([id, p]) => [
      id,
      { taskChanges: 'instant', mentions: true, assignments: true, ...p } as NotificationPreferences,
    ]),
  );

function statusChange(data: Partial<EventData<'task.updated.v2'>> = {}) {
  return createEvent(
    'task.updated.v2',
    {
      ventureId: 'v1',
      ventureName: 'Solar <Kiosk>',
      taskId: 't1',
      taskTitle: 'Interview 10 customers',
      fromStatus: 'todo',
      toStatus: 'in_progress',
      actor: ada,
      notify: [member(bob), member(cy, 'viewer')],
      ...data,
    },
    ctx,
  );
}

function comment(data: Partial<EventData<'task.commented'>> = {}) {
  return createEvent(
    'task.commented',
    {
      ventureId: 'v1',
      ventureName: 'Solar Kiosk',
      taskId: 't1',
      taskTitle: 'Interview 10 customers',
      commentId: 'c1',
      author: bob,
      body: '@Ada can you <review>?',
      mentioned: [member(ada, 'owner')],
      assignee: member(cy),
      ...data,
    },
    ctx,
  );
}

describe('task changes of a shared venture (task.updated.v2)', () => {
  it('when a member moves a task, then every other member with instant task e-mails gets one, the actor never', () => {
    const event = statusChange({ notify: [member(bob), member(cy), member(ada, 'owner')] });
    const emails = composeEmails(event, settings, new Map());
    expect(emails.map((e) => e.to.address)).toEqual(['bob@example.test', 'cy@example.test']);
    expect(emails.map((e) => e.key)).toEqual([
      `${event.id}/task-change/${bob.userId}`,
      `${event.id}/task-change/${cy.userId}`,
    ]);
    expect(emails[0]!.subject).toBe(
      'Ada Lovelace moved "Interview 10 customers" to In Progress (Solar <Kiosk>)',
    );
    expect(emails[0]!.text).toContain('from To Do to In Progress');
    expect(emails[0]!.html).toContain('Solar &lt;Kiosk&gt;');
  });

  it('when a member chose daily, then no e-mail now but a digest entry; off, then nothing at all', () => {
    const event = statusChange();
    const lookup = prefs([
      [bob.userId, { taskChanges: 'daily' }],
      [cy.userId, { taskChanges: 'off' }],
    ]);
    expect(composeEmails(event, settings, lookup)).toEqual([]);
    expect(digestEntriesFor(event, lookup)).toEqual([
      expect.objectContaining({
        eventId: event.id,
        userId: bob.userId,
        to: 'bob@example.test',
        actorName: 'Ada Lovelace',
      }),
    ]);
    expect(recipientIds(event)).toEqual([bob.userId, cy.userId]);
  });

  it('each e-mail carries the one-click unsubscribe headers and a body link whose token turns task changes off', () => {
    const [email] = composeEmails(statusChange(), settings, new Map());
    expect(email!.listUnsubscribe).toMatch(/^https:\/\/app\.example\.test\/api\/unsubscribe\?token=/);
    expect(listHeaders(email!)).toEqual({
      'List-Unsubscribe': `<${email!.listUnsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const token = decodeURIComponent(new URL(email!.listUnsubscribe!).searchParams.get('token')!);
    expect(verifyUnsubscribeToken(KEY, token)).toEqual({ userId: bob.userId, kind: 'taskChanges' });
    expect(email!.text).toContain('https://app.example.test/unsubscribe?token=');
    expect(email!.html).toContain('Turn off task change e-mails');
    expect(messageIdFor(email!, 'no-reply@example.test')).toBe(
      `<${email!.eventId}.task-change.${bob.userId}@example.test>`,
    );
  });
});

describe('comments (task.commented)', () => {
  it('when B mentions A, then A gets a mention e-mail and the assignee a comment e-mail; the author none', () => {
    const event = comment();
    const emails = composeEmails(event, settings, new Map());
    expect(emails.map((e) => [e.kind, e.to.address])).toEqual([
      ['comment-mention', 'ada@example.test'],
      ['comment-on-assigned', 'cy@example.test'],
    ]);
    expect(emails[0]!.subject).toBe(
      'bob@example.test mentioned you on "Interview 10 customers" (Solar Kiosk)',
    );
    expect(emails[0]!.html).toContain('@Ada can you &lt;review&gt;?');
    expect(
      verifyUnsubscribeToken(KEY, new URL(emails[0]!.listUnsubscribe!).searchParams.get('token')),
    ).toEqual({
      userId: ada.userId,
      kind: 'mentions',
    });
  });

  it('when mentions are off, the mentioned member gets nothing; the author is never written to, even if mentioned or assigned', () => {
    expect(
      composeEmails(comment(), settings, prefs([[ada.userId, { mentions: false }]])).map((e) => e.to.address),
    ).toEqual(['cy@example.test']);
    const selfish = comment({ mentioned: [member(bob), member(ada)], assignee: member(bob) });
    expect(composeEmails(selfish, settings, new Map()).map((e) => e.to.address)).toEqual([
      'ada@example.test',
    ]);
  });

  it('an assignee who is also mentioned gets one e-mail, the mention', () => {
    const event = comment({ mentioned: [member(cy)], assignee: member(cy) });
    expect(composeEmails(event, settings, new Map()).map((e) => e.kind)).toEqual(['comment-mention']);
  });
});

describe('assignments (task.assigned)', () => {
  const assigned = (assignee: ReturnType<typeof member> | null, actor = ada) =>
    createEvent(
      'task.assigned',
      {
        ventureId: 'v1',
        ventureName: 'Solar Kiosk',
        taskId: 't1',
        taskTitle: 'Build the MVP',
        actor,
        assignee,
        previousAssigneeId: null,
      },
      ctx,
    );

  it('tells the assignee, unless they assigned themselves, turned assignments off, or the task was unassigned', () => {
    const [email] = composeEmails(assigned(member(bob)), settings, new Map());
    expect(email!.to).toEqual({ address: 'bob@example.test' });
    expect(email!.subject).toBe('Ada Lovelace assigned you "Build the MVP" (Solar Kiosk)');
    expect(email!.text).toContain('https://app.example.test/ventures/v1?task=t1');
    expect(composeEmails(assigned(member(ada)), settings, new Map())).toEqual([]);
    expect(
      composeEmails(assigned(member(bob)), settings, prefs([[bob.userId, { assignments: false }]])),
    ).toEqual([]);
    expect(composeEmails(assigned(null), settings, new Map())).toEqual([]);
  });
});

describe('invitations and membership (essential: always sent, no unsubscribe)', () => {
  const invited = (sealedAcceptUrl: string) =>
    createEvent(
      'venture.member_invited',
      {
        invitationId: 'i1',
        ventureId: 'v1',
        ventureName: 'Solar Kiosk',
        inviter: ada,
        inviteeEmail: 'new.person@example.test',
        role: 'editor',
        sealedAcceptUrl,
        expiresAt: '2026-12-01T10:00:00.000Z',
        resend: false,
      },
      ctx,
    );

  it('the invitation goes to the invitee with the opened accept link, whatever anyone prefers', () => {
    const event = invited('sealed:https://app.example.test/invitations/accept?token=tok_1');
    const [email] = composeEmails(event, settings, new Map());
    expect(email!.to).toEqual({ address: 'new.person@example.test' });
    expect(email!.key).toBe(`${event.id}/invitation`);
    expect(email!.subject).toBe('Ada Lovelace invited you to Solar Kiosk on Venture Roadmap');
    expect(email!.text).toContain('https://app.example.test/invitations/accept?token=tok_1');
    expect(email!.text).toContain('as an Editor');
    expect(email!.listUnsubscribe).toBeUndefined();
    expect(listHeaders(email!)).toEqual({});
  });

  it('an invitation whose link cannot be opened or is not http(s) is refused for good (dead-lettered)', () => {
    expect(() => composeEmails(invited('garbage'), settings)).toThrow(NonRetryableError);
    expect(() => composeEmails(invited('sealed:javascript:alert(1)'), settings)).toThrow(NonRetryableError);
  });

  it('a member joining tells the owners (never the member); removal and a role change tell that member unless they did it', () => {
    const joined = createEvent(
      'venture.member_joined',
      {
        ventureId: 'v1',
        ventureName: 'Solar Kiosk',
        invitationId: 'i1',
        member: member(bob),
        notify: [member(ada, 'owner'), member(bob, 'owner')],
      },
      ctx,
    );
    const [toOwner, ...rest] = composeEmails(joined, settings);
    expect(rest).toEqual([]);
    expect(toOwner!.to).toEqual({ name: 'Ada Lovelace', address: 'ada@example.test' });
    expect(toOwner!.subject).toBe('bob@example.test joined Solar Kiosk');
    expect(toOwner!.listUnsubscribe).toBeUndefined();

    const removed = (left: boolean, actor = ada) =>
      createEvent(
        'venture.member_removed',
        { ventureId: 'v1', ventureName: 'Solar Kiosk', member: member(bob), actor, left },
        ctx,
      );
    expect(composeEmails(removed(false), settings).map((e) => [e.kind, e.to.address])).toEqual([
      ['member-removed', 'bob@example.test'],
    ]);
    expect(composeEmails(removed(true, bob), settings)).toEqual([]);

    const changed = createEvent(
      'venture.member_role_changed',
      {
        ventureId: 'v1',
        ventureName: 'Solar Kiosk',
        member: member(bob, 'viewer'),
        fromRole: 'editor',
        toRole: 'viewer',
        actor: ada,
      },
      ctx,
    );
    const [roleEmail] = composeEmails(changed, settings);
    expect(roleEmail!.subject).toBe('Your role in Solar Kiosk is now Viewer');
    expect(roleEmail!.text).toContain('from Editor to Viewer');
  });
});

describe('the daily digest', () => {
  it('gathers one recipient’s day of changes grouped by venture, with the one-click unsubscribe of task changes', () => {
    const lookup = prefs([[bob.userId, { taskChanges: 'daily' }]]);
    const entries = [
      ...digestEntriesFor(
        statusChange({ ventureId: 'v2', ventureName: 'Zebra Bikes', taskTitle: 'Pitch deck' }),
        lookup,
      ),
      ...digestEntriesFor(statusChange(), lookup),
      ...digestEntriesFor(statusChange({ fromStatus: 'in_progress', toStatus: 'done' }), lookup),
    ];
    const email = composeDigest(bob.userId, '2026-11-24', entries, settings)!;
    expect(email.key).toBe(`digest/2026-11-24/${bob.userId}`);
    expect(email.to).toEqual({ address: 'bob@example.test' });
    expect(email.subject).toBe('Your daily digest for 2026-11-24: 3 task changes in 2 ventures');
    const solar = email.text.indexOf('Solar <Kiosk> — 2 changes');
    const zebra = email.text.indexOf('Zebra Bikes — 1 change');
    expect(solar).toBeGreaterThan(0);
    expect(zebra).toBeGreaterThan(solar);
    expect(email.text).toContain('Ada Lovelace moved "Interview 10 customers" from In Progress to Done');
    expect(email.html).toContain('Solar &lt;Kiosk&gt;');
    expect(verifyUnsubscribeToken(KEY, new URL(email.listUnsubscribe!).searchParams.get('token'))).toEqual({
      userId: bob.userId,
      kind: 'taskChanges',
    });
    expect(composeDigest(bob.userId, '2026-11-24', [], settings)).toBeNull();
  });
});
