import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, openSealedText, type EventEnvelope } from '@app/common';
import { invitationTokenFromHash, type VentureRole } from '@app/contracts';
import { recordActivity } from '../src/domain/record-activity.ts';
import {
  DEMO_USERNAME,
  PUBLIC_URL,
  SECRET,
  startHarness,
  type Harness,
  type TestUser,
} from './support/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

const FORBIDDEN = 'VENTURE.FORBIDDEN';

interface Venture {
  id: string;
  tasks: Array<{ id: string; status: string; assigneeId: string | null }>;
}

async function createVenture(user: TestUser, name = 'Shared Rockets'): Promise<Venture> {
  const res = await h.call('POST', '/api/ventures', { as: user, body: { name } });
  expect(res.status).toBe(201);
  return res.body as Venture;
}

function eventsOf<T extends string>(type: T, ventureId: string): EventEnvelope[] {
  return h.received.filter(
    (e) => e.type === type && (e.data as { ventureId?: string }).ventureId === ventureId,
  );
}

/** The raw token of the newest invitation e-mail for `email` (opened as the mailer opens it). */
async function tokenFor(ventureId: string, email: string, count = 1): Promise<string> {
  const mine = () =>
    eventsOf('venture.member_invited', ventureId).filter(
      (e) => (e.data as { inviteeEmail: string }).inviteeEmail === email,
    );
  await h.eventually(() => mine().length >= count);
  const sealed = (mine().at(-1)!.data as { sealedAcceptUrl: string }).sealedAcceptUrl;
  const url = openSealedText(sealed, SECRET);
  expect(url).not.toBeNull();
  expect(url!.startsWith(`${PUBLIC_URL}/invitation#token=`)).toBe(true);
  return invitationTokenFromHash(new URL(url!).hash)!;
}

async function invite(owner: TestUser, ventureId: string, email: string, role: VentureRole) {
  return h.call('POST', `/api/ventures/${ventureId}/invitations`, { as: owner, body: { email, role } });
}

/** `member` joins `venture` with `role` through an invitation. */
async function share(owner: TestUser, ventureId: string, member: TestUser, role: VentureRole): Promise<void> {
  const invited = await invite(owner, ventureId, member.username, role);
  expect(invited.status).toBe(201);
  const token = await tokenFor(ventureId, member.username);
  const accepted = await h.call('POST', '/api/invitations/accept', { as: member, body: { token } });
  expect([accepted.status, accepted.body]).toEqual([200, { ventureId, role, alreadyMember: false }]);
}

async function team() {
  const owner = h.newUser();
  const editor = h.newUser();
  const viewer = h.newUser();
  const outsider = h.newUser();
  const venture = await createVenture(owner);
  await share(owner, venture.id, editor, 'editor');
  await share(owner, venture.id, viewer, 'viewer');
  return { owner, editor, viewer, outsider, venture };
}

describe('invitations', () => {
  it('an owner invites an address: the link is sealed in the event, only its hash is stored, and the invitee joins with the role', async () => {
    const owner = h.newUser();
    const invitee = h.newUser();
    const venture = await createVenture(owner, 'Acme Rockets');
    const res = await invite(owner, venture.id, `  ${invitee.username.toUpperCase()} `, 'editor');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ventureId: venture.id,
      email: invitee.username,
      role: 'editor',
      invitedBy: { userId: owner.id, displayName: owner.username },
    });
    expect(Date.parse(res.body.expiresAt) - Date.parse(res.body.sentAt)).toBe(7 * 24 * 60 * 60 * 1000);

    const token = await tokenFor(venture.id, invitee.username);
    const event = eventsOf('venture.member_invited', venture.id)[0]!;
    expect(JSON.stringify(event)).not.toContain(token);
    expect(event.data).toMatchObject({
      invitationId: res.body.id,
      ventureName: 'Acme Rockets',
      inviter: { userId: owner.id, email: owner.username },
      inviteeEmail: invitee.username,
      role: 'editor',
      resend: false,
    });
    const stored = JSON.stringify(await h.rawVenture(venture.id));
    expect(stored).not.toContain(token);

    // The link's page, signed out.
    const preview = await h.call('POST', '/api/invitations/preview', { as: 'anonymous', body: { token } });
    expect([preview.status, preview.body]).toEqual([
      200,
      {
        ventureName: 'Acme Rockets',
        inviterName: owner.username,
        role: 'editor',
        email: invitee.username,
        expiresAt: res.body.expiresAt,
        viewer: { signedIn: false, email: null, emailMatches: null, alreadyMember: false },
      },
    ]);
    const signedIn = await h.call('POST', '/api/invitations/preview', { as: invitee, body: { token } });
    expect(signedIn.body.viewer).toEqual({
      signedIn: true,
      email: invitee.username,
      emailMatches: true,
      alreadyMember: false,
    });

    const accepted = await h.call('POST', '/api/invitations/accept', { as: invitee, body: { token } });
    expect([accepted.status, accepted.body]).toEqual([
      200,
      { ventureId: venture.id, role: 'editor', alreadyMember: false },
    ]);
    await h.eventually(() => eventsOf('venture.member_joined', venture.id).length === 1);
    expect(eventsOf('venture.member_joined', venture.id)[0]!.data).toMatchObject({
      invitationId: res.body.id,
      member: { userId: invitee.id, email: invitee.username, role: 'editor' },
      notify: [{ userId: owner.id, email: owner.username, role: 'owner' }],
    });

    const list = await h.call('GET', '/api/ventures', { as: invitee });
    expect(list.body.map((v: { id: string; role: string }) => [v.id, v.role])).toEqual([
      [venture.id, 'editor'],
    ]);
    const detail = await h.call('GET', `/api/ventures/${venture.id}`, { as: invitee });
    expect(detail.body.role).toBe('editor');
    expect(detail.body.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
      [invitee.id, 'editor'],
    ]);

    // Single use.
    const again = await h.call('POST', '/api/invitations/accept', { as: invitee, body: { token } });
    expect([again.status, again.body.code]).toEqual([404, 'INVITATION.INVALID']);
    const pending = await h.call('GET', `/api/ventures/${venture.id}/invitations`, { as: owner });
    expect([pending.status, pending.body]).toEqual([200, []]);
  });

  it('inviting a member or a pending address answers 409 with a clear message; the demo account neither invites nor is invited', async () => {
    const { owner, editor, venture } = await team();
    const member = await invite(owner, venture.id, editor.username, 'viewer');
    expect([member.status, member.body]).toEqual([
      409,
      {
        code: 'INVITATION.ALREADY_MEMBER',
        message: `${editor.username} is already a member of this venture.`,
      },
    ]);
    const first = await invite(owner, venture.id, 'someone@example.com', 'viewer');
    expect(first.status).toBe(201);
    const second = await invite(owner, venture.id, 'Someone@Example.com', 'editor');
    expect([second.status, second.body]).toEqual([
      409,
      {
        code: 'INVITATION.ALREADY_PENDING',
        message: 'An invitation to someone@example.com is already pending. Resend it instead.',
      },
    ]);
    const demo = await invite(owner, venture.id, DEMO_USERNAME, 'viewer');
    expect([demo.status, demo.body.code]).toEqual([403, 'INVITATION.DEMO_ACCOUNT']);

    const demoUser = { id: 'dddddddddddddddddddddddd', username: DEMO_USERNAME };
    h.owners.add(demoUser);
    const demoVenture = await createVenture(demoUser, 'Demo');
    const byDemo = await invite(demoUser, demoVenture.id, 'friend@example.com', 'viewer');
    expect([byDemo.status, byDemo.body]).toEqual([
      403,
      { code: 'INVITATION.DEMO_ACCOUNT', message: 'The demo account cannot invite anyone.' },
    ]);
    const bad = await invite(owner, venture.id, 'not-an-email', 'viewer');
    expect([bad.status, bad.body.validationErrors?.[0]?.message]).toEqual([
      400,
      'Please enter a valid email address',
    ]);
    const badRole = await invite(owner, venture.id, 'x@example.com', 'admin' as VentureRole);
    expect(badRole.status).toBe(400);
  });

  it('an invitation for another address asks first: 409 EMAIL_MISMATCH, then accepting is an explicit choice', async () => {
    const owner = h.newUser();
    const other = h.newUser();
    const venture = await createVenture(owner);
    expect((await invite(owner, venture.id, 'personal@example.com', 'viewer')).status).toBe(201);
    const token = await tokenFor(venture.id, 'personal@example.com');

    const preview = await h.call('POST', '/api/invitations/preview', { as: other, body: { token } });
    expect(preview.body.viewer).toEqual({
      signedIn: true,
      email: other.username,
      emailMatches: false,
      alreadyMember: false,
    });
    const refused = await h.call('POST', '/api/invitations/accept', { as: other, body: { token } });
    expect([refused.status, refused.body.code]).toEqual([409, 'INVITATION.EMAIL_MISMATCH']);
    expect(refused.body.message).toContain('personal@example.com');
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: other })).status).toBe(404);

    const chosen = await h.call('POST', '/api/invitations/accept', {
      as: other,
      body: { token, acceptAsDifferentEmail: true },
    });
    expect([chosen.status, chosen.body]).toEqual([
      200,
      { ventureId: venture.id, role: 'viewer', alreadyMember: false },
    ]);
  });

  it('resend makes a new link and kills the old one; revoke kills it; an expired link is invalid; anonymous cannot accept', async () => {
    const owner = h.newUser();
    const venture = await createVenture(owner);
    const created = await invite(owner, venture.id, 'late@example.com', 'editor');
    const oldToken = await tokenFor(venture.id, 'late@example.com');

    const resent = await h.call('POST', `/api/ventures/${venture.id}/invitations/${created.body.id}/resend`, {
      as: owner,
    });
    expect([resent.status, resent.body.id]).toEqual([200, created.body.id]);
    const newToken = await tokenFor(venture.id, 'late@example.com', 2);
    expect(newToken).not.toBe(oldToken);
    expect(eventsOf('venture.member_invited', venture.id).at(-1)!.data).toMatchObject({ resend: true });
    const old = await h.call('POST', '/api/invitations/preview', {
      as: 'anonymous',
      body: { token: oldToken },
    });
    expect([old.status, old.body]).toEqual([
      404,
      { code: 'INVITATION.INVALID', message: 'This invitation link is invalid or has expired' },
    ]);
    expect((await h.call('POST', '/api/invitations/preview', { body: { token: newToken } })).status).toBe(
      200,
    );
    const anonymous = await h.call('POST', '/api/invitations/accept', { body: { token: newToken } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'AUTH.UNAUTHENTICATED']);

    // Expired: seven days passed.
    await h.Venture.updateOne(
      { _id: venture.id },
      { $set: { 'invitations.0.expiresAt': new Date(Date.now() - 1000) } },
    );
    const expired = await h.call('POST', '/api/invitations/preview', { body: { token: newToken } });
    expect(expired.status).toBe(404);
    expect((await h.call('GET', `/api/ventures/${venture.id}/invitations`, { as: owner })).body).toEqual([]);

    // Revoked.
    const again = await invite(owner, venture.id, 'late@example.com', 'viewer');
    expect(again.status).toBe(201);
    const token = await tokenFor(venture.id, 'late@example.com', 3);
    const revoked = await h.call('DELETE', `/api/ventures/${venture.id}/invitations/${again.body.id}`, {
      as: owner,
    });
    expect([revoked.status, revoked.body]).toEqual([200, { success: true }]);
    expect((await h.call('POST', '/api/invitations/preview', { body: { token } })).status).toBe(404);
    const gone = await h.call('DELETE', `/api/ventures/${venture.id}/invitations/${again.body.id}`, {
      as: owner,
    });
    expect([gone.status, gone.body.code]).toEqual([404, 'INVITATION.NOT_FOUND']);
  });
});

describe('invitations while the auth service is down', () => {
  it('the link still shows the invitation (who is signed in unknown); accepting answers 503 and changes nothing', async () => {
    const owner = h.newUser();
    const invitee = h.newUser();
    const venture = await createVenture(owner);
    await invite(owner, venture.id, invitee.username, 'viewer');
    const token = await tokenFor(venture.id, invitee.username);
    h.owners.setDown(true);
    try {
      const preview = await h.call('POST', '/api/invitations/preview', { as: invitee, body: { token } });
      expect([preview.status, preview.body.viewer]).toEqual([
        200,
        { signedIn: true, email: null, emailMatches: null, alreadyMember: false },
      ]);
      const accept = await h.call('POST', '/api/invitations/accept', { as: invitee, body: { token } });
      expect(accept.status).toBe(503);
    } finally {
      h.owners.setDown(false);
    }
    const accepted = await h.call('POST', '/api/invitations/accept', { as: invitee, body: { token } });
    expect(accepted.status).toBe(200);
  });
});

describe('roles', () => {
  it('a viewer cannot change a status (403, nothing changes), an editor can, a non-member gets 404 as before', async () => {
    const { editor, viewer, outsider, venture } = await team();
    const task = venture.tasks[0]!;
    const refused = await h.call('PATCH', `/api/venture-tasks/${task.id}`, {
      as: viewer,
      body: { status: 'in_progress' },
    });
    expect([refused.status, refused.body]).toEqual([
      403,
      { code: FORBIDDEN, message: 'Your role on this venture does not allow changing task statuses.' },
    ]);
    const outside = await h.call('PATCH', `/api/venture-tasks/${task.id}`, {
      as: outsider,
      body: { status: 'in_progress' },
    });
    expect([outside.status, outside.body]).toEqual([
      404,
      { code: 'TASK.NOT_FOUND', message: 'Task not found' },
    ]);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: outsider })).status).toBe(404);
    const detail = await h.call('GET', `/api/ventures/${venture.id}`, { as: viewer });
    expect(detail.body.tasks[0].status).toBe('todo');

    const done = await h.call('PATCH', `/api/venture-tasks/${task.id}`, {
      as: editor,
      body: { status: 'in_progress' },
    });
    expect([done.status, done.body.task.status]).toEqual([200, 'in_progress']);
  });

  it('on a shared venture a status change publishes task.updated.v2 naming the actor and every other member; never task.updated', async () => {
    const { owner, editor, viewer, venture } = await team();
    const task = venture.tasks[1]!;
    await h.call('PATCH', `/api/venture-tasks/${task.id}`, { as: editor, body: { status: 'in_progress' } });
    await h.eventually(() => eventsOf('task.updated.v2', venture.id).length === 1);
    const event = eventsOf('task.updated.v2', venture.id)[0]!;
    expect(event.data).toMatchObject({
      taskId: task.id,
      fromStatus: 'todo',
      toStatus: 'in_progress',
      actor: { userId: editor.id, email: editor.username },
    });
    expect((event.data as { notify: Array<{ userId: string }> }).notify.map((m) => m.userId).sort()).toEqual(
      [owner.id, viewer.id].sort(),
    );
    expect(eventsOf('task.updated', venture.id)).toEqual([]);
  });

  it('only owners rename, delete, and manage members and invitations (403 for editors and viewers)', async () => {
    const { editor, viewer, venture } = await team();
    for (const as of [editor, viewer]) {
      const rename = await h.call('PATCH', `/api/ventures/${venture.id}`, { as, body: { name: 'Mine now' } });
      expect([rename.status, rename.body]).toEqual([
        403,
        { code: FORBIDDEN, message: 'Only an owner of this venture can edit it.' },
      ]);
      const remove = await h.call('DELETE', `/api/ventures/${venture.id}`, { as });
      expect([remove.status, remove.body.code]).toEqual([403, FORBIDDEN]);
      const inviting = await invite(as, venture.id, 'friend@example.com', 'viewer');
      expect([inviting.status, inviting.body.code]).toEqual([403, FORBIDDEN]);
      expect((await h.call('GET', `/api/ventures/${venture.id}/invitations`, { as })).status).toBe(403);
    }
    const members = await h.call('GET', `/api/ventures/${venture.id}/members`, { as: viewer });
    expect(members.status).toBe(200);
    expect(members.body.map((m: { role: string }) => m.role)).toEqual(['owner', 'editor', 'viewer']);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: viewer })).body.name).toBe(
      'Shared Rockets',
    );
  });

  it('the last owner can neither be demoted nor leave (409); with a second owner they can; a member can leave', async () => {
    const { owner, editor, viewer, venture } = await team();
    const demote = await h.call('PATCH', `/api/ventures/${venture.id}/members/${owner.id}`, {
      as: owner,
      body: { role: 'editor' },
    });
    expect([demote.status, demote.body.code]).toEqual([409, 'VENTURE.LAST_OWNER']);
    const leave = await h.call('DELETE', `/api/ventures/${venture.id}/members/${owner.id}`, { as: owner });
    expect([leave.status, leave.body]).toEqual([
      409,
      {
        code: 'VENTURE.LAST_OWNER',
        message:
          'A venture needs at least one owner: make another member an owner before leaving, or delete the venture.',
      },
    ]);

    const promoted = await h.call('PATCH', `/api/ventures/${venture.id}/members/${editor.id}`, {
      as: owner,
      body: { role: 'owner' },
    });
    expect([promoted.status, promoted.body.role]).toEqual([200, 'owner']);
    await h.eventually(() => eventsOf('venture.member_role_changed', venture.id).length === 1);
    expect(eventsOf('venture.member_role_changed', venture.id)[0]!.data).toMatchObject({
      member: { userId: editor.id, role: 'owner' },
      fromRole: 'editor',
      toRole: 'owner',
      actor: { userId: owner.id },
    });
    const left = await h.call('DELETE', `/api/ventures/${venture.id}/members/${owner.id}`, { as: owner });
    expect([left.status, left.body]).toEqual([200, { success: true }]);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: owner })).status).toBe(404);

    const viewerLeaves = await h.call('DELETE', `/api/ventures/${venture.id}/members/${viewer.id}`, {
      as: viewer,
    });
    expect(viewerLeaves.status).toBe(200);
    await h.eventually(() => eventsOf('venture.member_removed', venture.id).length === 2);
    expect(
      eventsOf('venture.member_removed', venture.id).map((e) => (e.data as { left: boolean }).left),
    ).toEqual([true, true]);
    const members = await h.call('GET', `/api/ventures/${venture.id}/members`, { as: editor });
    expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([editor.id]);
  });

  it('an owner removes a member, whose tasks become unassigned; unknown members are 404', async () => {
    const { owner, editor, venture } = await team();
    const task = venture.tasks[2]!;
    await h.call('PUT', `/api/venture-tasks/${task.id}/assignee`, {
      as: owner,
      body: { assigneeId: editor.id },
    });
    const removed = await h.call('DELETE', `/api/ventures/${venture.id}/members/${editor.id}`, { as: owner });
    expect(removed.status).toBe(200);
    const detail = await h.call('GET', `/api/ventures/${venture.id}`, { as: owner });
    expect(detail.body.tasks.find((t: { id: string }) => t.id === task.id).assigneeId).toBeNull();
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: editor })).status).toBe(404);
    const unknown = await h.call('DELETE', `/api/ventures/${venture.id}/members/${editor.id}`, { as: owner });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'MEMBER.NOT_FOUND']);
  });
});

describe('assignees', () => {
  it('an editor assigns a task to an editor or owner (task.assigned), never to a viewer; a viewer cannot assign', async () => {
    const { owner, editor, viewer, venture } = await team();
    const task = venture.tasks[3]!;
    const path = `/api/venture-tasks/${task.id}/assignee`;
    const set = await h.call('PUT', path, { as: editor, body: { assigneeId: owner.id } });
    expect([set.status, set.body.assigneeId]).toEqual([200, owner.id]);
    await h.eventually(() => eventsOf('task.assigned', venture.id).length === 1);
    expect(eventsOf('task.assigned', venture.id)[0]!.data).toMatchObject({
      taskId: task.id,
      actor: { userId: editor.id },
      assignee: { userId: owner.id, email: owner.username, role: 'owner' },
      previousAssigneeId: null,
    });

    const toViewer = await h.call('PUT', path, { as: editor, body: { assigneeId: viewer.id } });
    expect([toViewer.status, toViewer.body]).toEqual([
      400,
      {
        code: 'TASK.INVALID_ASSIGNEE',
        message: 'Only an editor or owner of this venture can be assigned to a task.',
      },
    ]);
    const byViewer = await h.call('PUT', path, { as: viewer, body: { assigneeId: editor.id } });
    expect([byViewer.status, byViewer.body.code]).toEqual([403, FORBIDDEN]);

    const cleared = await h.call('PUT', path, { as: owner, body: { assigneeId: null } });
    expect([cleared.status, cleared.body.assigneeId]).toEqual([200, null]);
    const same = await h.call('PUT', path, { as: owner, body: { assigneeId: null } });
    expect(same.status).toBe(200);
    await h.eventually(() => eventsOf('task.assigned', venture.id).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(eventsOf('task.assigned', venture.id)).toHaveLength(2);
  });

  it('a member made viewer loses their assignments', async () => {
    const { owner, editor, venture } = await team();
    const task = venture.tasks[4]!;
    await h.call('PUT', `/api/venture-tasks/${task.id}/assignee`, {
      as: owner,
      body: { assigneeId: editor.id },
    });
    const demoted = await h.call('PATCH', `/api/ventures/${venture.id}/members/${editor.id}`, {
      as: owner,
      body: { role: 'viewer' },
    });
    expect(demoted.status).toBe(200);
    const detail = await h.call('GET', `/api/ventures/${venture.id}`, { as: editor });
    expect([
      detail.body.role,
      detail.body.tasks.find((t: { id: string }) => t.id === task.id).assigneeId,
    ]).toEqual(['viewer', null]);
  });
});

describe('comments', () => {
  it('any member comments (viewers too); @mentions resolve to members; task.commented names them and the assignee', async () => {
    const { owner, editor, viewer, outsider, venture } = await team();
    const task = venture.tasks[5]!;
    await h.call('PUT', `/api/venture-tasks/${task.id}/assignee`, {
      as: owner,
      body: { assigneeId: editor.id },
    });
    const path = `/api/venture-tasks/${task.id}/comments`;
    const localPart = owner.username.split('@')[0];
    const written = await h.call('POST', path, {
      as: viewer,
      body: { body: `  @${localPart} can you review? cc @${editor.username}. @nobody  ` },
    });
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({
      ventureId: venture.id,
      taskId: task.id,
      authorId: viewer.id,
      authorName: viewer.username,
      body: `@${localPart} can you review? cc @${editor.username}. @nobody`,
      editedAt: null,
    });
    expect([...written.body.mentionedIds].sort()).toEqual([owner.id, editor.id].sort());
    await h.eventually(() => eventsOf('task.commented', venture.id).length === 1);
    const event = eventsOf('task.commented', venture.id)[0]!;
    expect(event.data).toMatchObject({
      commentId: written.body.id,
      author: { userId: viewer.id },
      assignee: { userId: editor.id, email: editor.username },
    });
    expect(
      (event.data as { mentioned: Array<{ email: string }> }).mentioned.map((m) => m.email).sort(),
    ).toEqual([owner.username, editor.username].sort());

    const list = await h.call('GET', path, { as: owner });
    expect([list.status, list.body.map((c: { id: string }) => c.id)]).toEqual([200, [written.body.id]]);
    expect((await h.call('GET', path, { as: outsider })).status).toBe(404);
    expect((await h.call('POST', path, { as: outsider, body: { body: 'hi' } })).status).toBe(404);
    const tooLong = await h.call('POST', path, { as: owner, body: { body: 'x'.repeat(5001) } });
    expect([tooLong.status, tooLong.body.validationErrors?.[0]?.message]).toEqual([
      400,
      'A comment must be 5000 characters or less',
    ]);
    const empty = await h.call('POST', path, { as: owner, body: { body: '   ' } });
    expect(empty.status).toBe(400);
  });

  it('only its author edits or deletes a comment (403 for other members, owners included)', async () => {
    const { owner, editor, venture } = await team();
    const task = venture.tasks[6]!;
    const path = `/api/venture-tasks/${task.id}/comments`;
    const written = await h.call('POST', path, { as: editor, body: { body: 'First draft' } });
    const one = `${path}/${written.body.id}`;
    const edit = await h.call('PATCH', one, { as: owner, body: { body: 'Hijacked' } });
    expect([edit.status, edit.body]).toEqual([
      403,
      { code: 'COMMENT.NOT_AUTHOR', message: 'Only its author can edit this comment.' },
    ]);
    const remove = await h.call('DELETE', one, { as: owner });
    expect([remove.status, remove.body.code]).toEqual([403, 'COMMENT.NOT_AUTHOR']);

    const edited = await h.call('PATCH', one, { as: editor, body: { body: 'Second draft' } });
    expect([edited.status, edited.body.body, typeof edited.body.editedAt]).toEqual([
      200,
      'Second draft',
      'string',
    ]);
    const deleted = await h.call('DELETE', one, { as: editor });
    expect([deleted.status, deleted.body]).toEqual([200, { success: true }]);
    expect((await h.call('GET', path, { as: owner })).body).toEqual([]);
    const missing = await h.call('DELETE', one, { as: editor });
    expect([missing.status, missing.body.code]).toEqual([404, 'COMMENT.NOT_FOUND']);
  });
});

describe('activity', () => {
  it('holds status changes with from/to, assignments, comments and membership changes, newest first, paged by cursor', async () => {
    const { owner, editor, venture } = await team();
    const task = venture.tasks[7]!;
    await h.call('PATCH', `/api/venture-tasks/${task.id}`, { as: editor, body: { status: 'in_progress' } });
    await h.call('PUT', `/api/venture-tasks/${task.id}/assignee`, {
      as: owner,
      body: { assigneeId: editor.id },
    });
    await h.call('POST', `/api/venture-tasks/${task.id}/comments`, { as: editor, body: { body: 'On it' } });
    const path = `/api/ventures/${venture.id}/activity`;
    // Two joins, a status change, an assignment, a comment.
    await h.eventually(async () => (await h.call('GET', path, { as: owner })).body.entries.length === 5);
    const all = (await h.call('GET', path, { as: owner })).body;
    expect(all.nextCursor).toBeNull();
    const kinds = all.entries.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(2)).toEqual(['task.status_changed', 'member.joined', 'member.joined']);
    expect(kinds.slice(0, 2).sort()).toEqual(['task.assigned', 'task.commented']);
    expect(all.entries.find((e: { kind: string }) => e.kind === 'task.status_changed')).toMatchObject({
      ventureId: venture.id,
      actor: { userId: editor.id, displayName: editor.username },
      details: {
        taskId: task.id,
        taskTitle: venture.tasks[7] && expect.any(String),
        fromStatus: 'todo',
        toStatus: 'in_progress',
      },
    });

    const first = await h.call('GET', `${path}?limit=2`, { as: owner });
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.nextCursor).toBe(first.body.entries[1].id);
    const second = await h.call('GET', `${path}?limit=2&cursor=${first.body.nextCursor}`, { as: owner });
    const third = await h.call('GET', `${path}?limit=2&cursor=${second.body.nextCursor}`, { as: owner });
    expect(third.body.nextCursor).toBeNull();
    expect([...first.body.entries, ...second.body.entries, ...third.body.entries].map((e) => e.id)).toEqual(
      all.entries.map((e: { id: string }) => e.id),
    );
    const bad = await h.call('GET', `${path}?limit=1000`, { as: owner });
    expect(bad.status).toBe(400);
  });

  it('is idempotent by event id: a redelivered event adds nothing', async () => {
    const owner = h.newUser();
    const venture = await createVenture(owner);
    const event = createEvent(
      'task.updated',
      {
        ventureId: venture.id,
        ventureName: 'Shared Rockets',
        taskId: venture.tasks[0]!.id,
        taskTitle: 'A task',
        fromStatus: 'todo',
        toStatus: 'in_progress',
        ownerId: owner.id,
        ownerUsername: owner.username,
      },
      { producer: 'venture' },
    );
    expect(await recordActivity(h.ctx, event)).toBe(true);
    expect(await recordActivity(h.ctx, event)).toBe(false);
    await h.bus.publish([event]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const page = await h.call('GET', `/api/ventures/${venture.id}/activity`, { as: owner });
    expect(page.body.entries).toHaveLength(1);
    // Another service's event of the same name is not the venture's history.
    expect(await recordActivity(h.ctx, { ...event, id: 'other', producer: 'someone-else' })).toBe(false);
  });
});

describe('existing ventures', () => {
  it('the startup migration makes each creator the owner, once, by a conditional write', async () => {
    const creator = h.newUser();
    const venture = await createVenture(creator, 'Old one');
    await h.Venture.collection.updateOne(
      { _id: new (await import('mongoose')).Types.ObjectId(venture.id) },
      {
        $unset: { members: '' },
      },
    );
    expect(await h.ctx.ventures.migrateMembers(new Date())).toBeGreaterThanOrEqual(1);
    expect(await h.ctx.ventures.migrateMembers(new Date())).toBe(0);
    expect((await h.call('GET', `/api/ventures/${venture.id}`, { as: creator })).body.role).toBe('owner');
    const raw = (await h.rawVenture(venture.id)) as {
      members: Array<{ userId: string; role: string; email: string }>;
    };
    expect(raw.members).toEqual([
      expect.objectContaining({ userId: creator.id, role: 'owner', email: creator.username }),
    ]);
  });

  it("the admin dashboard's venture list counts each venture's members", async () => {
    const { venture } = await team();
    const list = await h.call('GET', '/internal/ventures?limit=20', { as: 'service' });
    const row = (list.body.items as Array<{ id: string; memberCount: number }>).find(
      (v) => v.id === venture.id,
    );
    expect([list.status, row?.memberCount]).toEqual([200, 3]);
  });
});

describe('the demo account', () => {
  it('its sample venture is reset part-way through, with a co-founder, comments and history, and nothing e-mailed', async () => {
    const demo = h.newUser();
    const coFounder = h.newUser();
    const body = {
      owner: { userId: demo.id, email: demo.username, displayName: 'Demo Founder' },
      coFounder: { userId: coFounder.id, email: coFounder.username, displayName: 'Sam Rivera' },
    };
    const first = await h.call('PUT', '/internal/demo-venture', { as: 'service', body });
    expect(first.status).toBe(200);
    const renamed = await h.call('PATCH', `/api/ventures/${first.body.ventureId}`, {
      as: demo,
      body: { name: 'Renamed by a visitor' },
    });
    expect(renamed.status).toBe(200);
    const seeded = (await h.call('GET', `/api/ventures/${first.body.ventureId}`, { as: demo })).body;
    const visitorsVenture = await createVenture(demo, 'Left by a visitor');
    // A visitor keeps reading the sample while it is reset: never a 404 in between.
    let reading = true;
    const reads: number[] = [];
    const reader = (async () => {
      while (reading) {
        reads.push((await h.call('GET', `/api/ventures/${first.body.ventureId}`, { as: demo })).status);
      }
    })();
    const second = await h.call('PUT', '/internal/demo-venture', { as: 'service', body });
    reading = false;
    await reader;
    expect(second.status).toBe(200);
    expect(new Set(reads)).toEqual(new Set([200]));

    // The sample is back, at the address the visitor had open; what visitors added is gone.
    expect(second.body.ventureId).toBe(first.body.ventureId);
    const list = await h.call('GET', '/api/ventures', { as: demo });
    expect(list.body.map((v: { id: string; name: string }) => [v.id, v.name])).toEqual([
      [first.body.ventureId, 'Brightside Analytics'],
    ]);
    expect((await h.call('GET', `/api/ventures/${visitorsVenture.id}`, { as: demo })).status).toBe(404);
    const detail = (await h.call('GET', `/api/ventures/${second.body.ventureId}`, { as: coFounder })).body;
    expect(detail.role).toBe('editor');
    expect(detail.progress).toMatchObject({ completed: 8, inProgress: 4, blocked: 1 });
    // Its tasks keep their ids: a task a visitor has open is still there after the hour.
    const idsOf = (venture: { tasks: Array<{ taskId: number; id: string }> }) =>
      venture.tasks.map((task) => [task.taskId, task.id]);
    expect(idsOf(detail)).toEqual(idsOf(seeded));
    expect(detail.members.map((m: { displayName: string; role: string }) => [m.displayName, m.role])).toEqual(
      [
        ['Demo Founder', 'owner'],
        ['Sam Rivera', 'editor'],
      ],
    );
    const discussed = detail.tasks.find((t: { status: string }) => t.status === 'in_progress');
    const comments = await h.call('GET', `/api/venture-tasks/${discussed.id}/comments`, { as: demo });
    expect(comments.body.map((c: { authorName: string }) => c.authorName)).toEqual([
      'Sam Rivera',
      'Demo Founder',
    ]);
    expect(comments.body[0].mentionedIds).toEqual([demo.id]);
    const activity = await h.call('GET', `/api/ventures/${second.body.ventureId}/activity`, { as: demo });
    expect(activity.body.entries.length).toBeGreaterThanOrEqual(5);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      h.received.filter((e) => (e.data as { ventureId?: string }).ventureId === second.body.ventureId),
    ).toEqual([]);
    const bad = await h.call('PUT', '/internal/demo-venture', { as: 'service', body: { owner: body.owner } });
    expect(bad.status).toBe(400);
    expect((await h.call('PUT', '/internal/demo-venture', { as: demo, body })).status).toBe(403);
  });
});

describe('a deleted user', () => {
  it('leaves the ventures shared with them (which stay), and takes the ventures they alone own', async () => {
    const { owner, editor, venture } = await team();
    const own = await createVenture(editor, 'Editor alone');
    await h.bus.publish([
      createEvent('user.deleted', { userId: editor.id, username: editor.username }, { producer: 'auth' }),
    ]);
    await h.eventually(() =>
      h.received.some(
        (e) => e.type === 'venture.deleted' && (e.data as { ventureId: string }).ventureId === own.id,
      ),
    );
    const members = await h.call('GET', `/api/ventures/${venture.id}/members`, { as: owner });
    expect(members.status).toBe(200);
    expect(members.body.map((m: { userId: string }) => m.userId)).not.toContain(editor.id);
  });
});
