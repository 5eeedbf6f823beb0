import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_RISK_RULES, ORG_AUDIT_CSV_COLUMNS, orgPermissionsOf } from '@app/contracts';
import { startHarness, type Harness } from './support/harness.ts';

/*
 * The organization service's workspace calls (issue 18) against a real database, with auth replaced by an
 * in-memory directory and a clock the tests move. Events are asserted where they are written: in the
 * organization's outbox, together with the change.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const types = async (orgId: string) => (await h.outbox(orgId)).map((e) => e.type);

describe('staff invitations', () => {
  it('when an org admin invites an address and its owner accepts, then they are staff with that role and see the workspace in their menu', async () => {
    const org = await h.withAdmin();
    const person = h.directory.add({ displayName: 'Grace Mentor' });
    const invited = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: person.email.toUpperCase(),
      role: 'mentor',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: person.email, role: 'mentor', programId: null });
    expect(Date.parse(invited.body.expiresAt) - Date.parse(invited.body.sentAt)).toBe(7 * 24 * 3600 * 1000);
    const event = (await h.outbox(org.id)).find((e) => e.type === 'organization.member_invited')!;
    expect(JSON.stringify(event)).not.toContain('#token=');

    const token = await h.tokenFor(org.id, person.email);
    const preview = await h.call('POST', '/api/org-invitations/preview', null, { token });
    expect(preview.body).toMatchObject({
      organizationSlug: org.slug,
      role: 'mentor',
      email: person.email,
      viewer: { signedIn: false, email: null, emailMatches: null },
    });
    const accepted = await h.call('POST', '/api/org-invitations/accept', person.userId, { token });
    expect(accepted.body).toEqual({ organizationSlug: org.slug, role: 'mentor', next: `/orgs/${org.slug}` });
    const mine = await h.call('GET', '/api/orgs', person.userId);
    expect(mine.body).toEqual([expect.objectContaining({ slug: org.slug, role: 'mentor' })]);
    const workspace = await h.call('GET', `/api/orgs/${org.slug}`, person.userId);
    expect(workspace.body).toMatchObject({ myRole: 'mentor', permissions: orgPermissionsOf('mentor') });
    expect(await types(org.id)).toContain('organization.member_changed');
  });

  it('when a link was used, resent or revoked, or seven days passed, then it answers 404 INVITATION.INVALID', async () => {
    const org = await h.withAdmin();
    const used = h.directory.add();
    await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: used.email,
      role: 'mentor',
    });
    const usedToken = await h.tokenFor(org.id, used.email);
    expect(
      (await h.call('POST', '/api/org-invitations/accept', used.userId, { token: usedToken })).status,
    ).toBe(200);
    const again = await h.call('POST', '/api/org-invitations/accept', used.userId, { token: usedToken });
    expect([again.status, again.body.code]).toEqual([404, 'INVITATION.INVALID']);

    const resent = h.directory.add();
    const first = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: resent.email,
      role: 'programManager',
    });
    const oldToken = await h.tokenFor(org.id, resent.email);
    const res = await h.call('POST', `/api/orgs/${org.slug}/invitations/${first.body.id}/resend`, org.admin);
    expect([res.status, res.body.id]).toEqual([200, first.body.id]);
    const dead = await h.call('POST', '/api/org-invitations/preview', null, { token: oldToken });
    expect([dead.status, dead.body.code]).toEqual([404, 'INVITATION.INVALID']);
    const newToken = await h.tokenFor(org.id, resent.email);
    expect(newToken).not.toBe(oldToken);

    const revoked = await h.call('DELETE', `/api/orgs/${org.slug}/invitations/${first.body.id}`, org.admin);
    expect(revoked.body).toEqual({ success: true });
    const afterRevoke = await h.call('POST', '/api/org-invitations/accept', resent.userId, {
      token: newToken,
    });
    expect([afterRevoke.status, afterRevoke.body.code]).toEqual([404, 'INVITATION.INVALID']);
    const gone = await h.call('DELETE', `/api/orgs/${org.slug}/invitations/${first.body.id}`, org.admin);
    expect([gone.status, gone.body.code]).toEqual([404, 'INVITATION.NOT_FOUND']);

    const late = h.directory.add();
    await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: late.email,
      role: 'mentor',
    });
    const lateToken = await h.tokenFor(org.id, late.email);
    const sent = h.clock.now;
    h.clock.now = new Date(sent.getTime() + 7 * 24 * 3600 * 1000);
    try {
      const expired = await h.call('POST', '/api/org-invitations/accept', late.userId, { token: lateToken });
      expect([expired.status, expired.body.code]).toEqual([404, 'INVITATION.INVALID']);
      const pending = await h.call('GET', `/api/orgs/${org.slug}/invitations`, org.admin);
      expect(pending.body.map((i: { email: string }) => i.email)).not.toContain(late.email);
    } finally {
      h.clock.now = sent;
    }
  });

  it('when someone signed in with another address accepts, then it is refused with 409 and nobody joins', async () => {
    const org = await h.withAdmin();
    const invitee = h.directory.add();
    const stranger = h.directory.add();
    await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: invitee.email,
      role: 'mentor',
    });
    const token = await h.tokenFor(org.id, invitee.email);
    const preview = await h.call('POST', '/api/org-invitations/preview', stranger.userId, { token });
    expect(preview.body.viewer).toEqual({ signedIn: true, email: stranger.email, emailMatches: false });
    const res = await h.call('POST', '/api/org-invitations/accept', stranger.userId, { token });
    expect([res.status, res.body.code]).toEqual([409, 'INVITATION.EMAIL_MISMATCH']);
    expect(res.body.message).toContain(invitee.email);
    const members = await h.call('GET', `/api/orgs/${org.slug}/members`, org.admin);
    expect(members.body.map((m: { userId: string }) => m.userId)).not.toContain(stranger.userId);
  });

  it("when an org admin invites a member's address, then it is 409 ALREADY_MEMBER; a pending address is sent again", async () => {
    const org = await h.withAdmin();
    const member = h.directory.users.get(org.admin)!;
    const taken = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: member.email,
      role: 'mentor',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'ORGANIZATION.ALREADY_MEMBER']);
    const first = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: 'twice@example.com',
      role: 'mentor',
    });
    const second = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: 'twice@example.com',
      role: 'programManager',
    });
    expect([second.status, second.body.id, second.body.role]).toEqual([201, first.body.id, 'programManager']);
    const sends = (await h.outbox(org.id)).filter(
      (e) => e.type === 'organization.member_invited' && e.data.inviteeEmail === 'twice@example.com',
    );
    expect(sends.map((e) => (e.data as { resend: boolean }).resend)).toEqual([false, true]);
  });

  it('when an organization sent 50 invitation e-mails within an hour, then the next is 429 with Retry-After until the hour passed', async () => {
    const org = await h.withAdmin();
    // The org admin's own invitation (sent by the platform admin) counts too.
    for (let i = 1; i < 50; i += 1) {
      const res = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
        email: `bulk${i}@example.com`,
        role: 'mentor',
      });
      expect(res.status).toBe(201);
    }
    const refused = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: 'one-more@example.com',
      role: 'mentor',
    });
    expect([refused.status, refused.body.code]).toEqual([429, 'ORGANIZATION.RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const start = h.clock.now;
    h.clock.now = new Date(start.getTime() + 60 * 60 * 1000);
    try {
      const later = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
        email: 'one-more@example.com',
        role: 'mentor',
      });
      expect(later.status).toBe(201);
    } finally {
      h.clock.now = start;
    }
  });

  it('when a founder invitation is accepted, then the founder joins and is enrolled in its program; a founder invitation needs a program', async () => {
    const org = await h.withAdmin();
    const program = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
      name: 'Invite-only cohort',
      startDate: '2027-04-01',
      endDate: '2027-09-30',
    });
    const noProgram = await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: 'f@example.com',
      role: 'founder',
    });
    expect([noProgram.status, noProgram.body.validationErrors?.[0]?.path]).toEqual([400, ['programId']]);
    const founder = h.directory.add();
    await h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
      email: founder.email,
      role: 'founder',
      programId: program.body.id,
    });
    const accepted = await h.call('POST', '/api/org-invitations/accept', founder.userId, {
      token: await h.tokenFor(org.id, founder.email),
    });
    expect(accepted.body).toEqual({ organizationSlug: org.slug, role: 'founder', next: '/' });
    const enrolled = (await h.outbox(org.id)).filter((e) => e.type === 'program.founder_enrolled');
    expect(enrolled.map((e) => e.data)).toEqual([
      {
        programId: program.body.id,
        organizationId: org.id,
        founder: expect.objectContaining({ userId: founder.userId }),
      },
    ]);
    const workspace = await h.call('GET', `/api/orgs/${org.slug}`, founder.userId);
    expect([workspace.status, workspace.body.code]).toEqual([404, 'ORGANIZATION.NOT_FOUND']);
  });
});

describe('members and roles', () => {
  it('when the only org admin would be demoted or removed, then it is 409 LAST_ADMIN; with a second admin it works and is audited', async () => {
    const org = await h.withAdmin();
    const demote = await h.call('PATCH', `/api/orgs/${org.slug}/members/${org.admin}`, org.admin, {
      role: 'mentor',
    });
    expect([demote.status, demote.body.code]).toEqual([409, 'ORGANIZATION.LAST_ADMIN']);
    const remove = await h.call('DELETE', `/api/orgs/${org.slug}/members/${org.admin}`, org.admin);
    expect([remove.status, remove.body.code]).toEqual([409, 'ORGANIZATION.LAST_ADMIN']);

    const second = await h.join(org.slug, org.id, org.admin, 'programManager');
    const promoted = await h.call('PATCH', `/api/orgs/${org.slug}/members/${second}`, org.admin, {
      role: 'orgAdmin',
    });
    expect(promoted.body).toMatchObject({ userId: second, role: 'orgAdmin' });
    const removed = await h.call('DELETE', `/api/orgs/${org.slug}/members/${org.admin}`, second);
    expect(removed.body).toEqual({ success: true });
    const afterwards = await h.call('GET', `/api/orgs/${org.slug}`, org.admin);
    expect([afterwards.status, afterwards.body.code]).toEqual([404, 'ORGANIZATION.NOT_FOUND']);
    const unknown = await h.call('DELETE', `/api/orgs/${org.slug}/members/${org.admin}`, second);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ORGANIZATION.MEMBER_NOT_FOUND']);

    const audit = await h.call('GET', `/api/orgs/${org.slug}/audit`, second);
    const actions = audit.body.items.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 2)).toEqual(['member.removed', 'member.role_changed']);
    expect(audit.body.items[1]).toMatchObject({
      actor: { userId: org.admin },
      details: { role: { from: 'programManager', to: 'orgAdmin' } },
    });
    const changes = (await h.outbox(org.id)).filter((e) => e.type === 'organization.member_changed');
    expect(changes.at(-1)!.data).toMatchObject({ member: { userId: org.admin }, role: null });
  });

  it('when a platform administrator who is no member opens a workspace, then they act as its org admin', async () => {
    const org = await h.withAdmin();
    const platformAdmin = [...h.directory.users.values()].find((u) => u.isAdmin)!;
    const workspace = await h.call('GET', `/api/orgs/${org.slug}`, platformAdmin.userId);
    expect(workspace.body).toMatchObject({
      myRole: 'orgAdmin',
      permissions: orgPermissionsOf('orgAdmin'),
      counts: { members: 1, founders: 0, programs: 0 },
    });
  });
});

describe('programs', () => {
  it('when a program is created without rules, then it has the default risk rules; opening registration on another closes it on the first', async () => {
    const org = await h.withAdmin();
    const first = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
      name: 'Spring 2027',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
      registrationOpen: true,
      riskRules: { overdueTasks: null },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      riskRules: { ...DEFAULT_RISK_RULES, overdueTasks: null },
      registrationOpen: true,
      archived: false,
      enrolledCount: 0,
    });
    const second = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
      name: 'Autumn 2027',
      startDate: '2027-09-01',
      endDate: '2028-02-28',
      registrationOpen: true,
    });
    const list = await h.call('GET', `/api/orgs/${org.slug}/programs`, org.admin);
    expect(
      list.body.map((p: { name: string; registrationOpen: boolean }) => [p.name, p.registrationOpen]),
    ).toEqual([
      ['Autumn 2027', true],
      ['Spring 2027', false],
    ]);
    const changed = (await h.outbox(org.id)).filter((e) => e.type === 'program.changed');
    expect(
      changed
        .slice(-2)
        .map((e) => [e.data.programId, (e.data as { registrationOpen: boolean }).registrationOpen]),
    ).toEqual([
      [first.body.id, false],
      [second.body.id, true],
    ]);
  });

  it('when a program is archived, then its registration closes and the audit names it; bad dates and unknown programs are refused', async () => {
    const org = await h.withAdmin();
    const program = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
      name: 'Pilot',
      startDate: '2027-01-10',
      endDate: '2027-06-30',
      registrationOpen: true,
    });
    const archived = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${program.body.id}`, org.admin, {
      archived: true,
    });
    expect(archived.body).toMatchObject({ archived: true, registrationOpen: false });
    const backwards = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${program.body.id}`, org.admin, {
      endDate: '2026-12-31',
    });
    expect([backwards.status, backwards.body.message]).toEqual([
      400,
      'The end date must be on or after the start date',
    ]);
    const unknown = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${'0'.repeat(24)}`, org.admin, {
      name: 'Nope',
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'PROGRAM.NOT_FOUND']);
    const audit = await h.call('GET', `/api/orgs/${org.slug}/audit?limit=1`, org.admin);
    expect(audit.body.items[0]).toMatchObject({
      action: 'program.archived',
      target: 'Pilot',
      details: { archived: { from: false, to: true }, registrationOpen: { from: true, to: false } },
    });
  });

  it('when the venture service reports enrolments, then the program counts each founder once, newest report winning', async () => {
    const org = await h.withAdmin();
    const program = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
      name: 'Counted',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    });
    const base = { programId: program.body.id as string, organizationId: org.id, ventureId: null };
    const t = (minutes: number) => new Date(Date.UTC(2027, 0, 1, 0, minutes));
    await h.publish('program.enrolment_changed', { ...base, userId: 'founder-a', enrolled: true }, t(1));
    const dup = await h.publish(
      'program.enrolment_changed',
      { ...base, userId: 'founder-b', enrolled: true },
      t(2),
    );
    await h.bus.publish([dup]);
    await h.publish('program.enrolment_changed', { ...base, userId: 'founder-c', enrolled: true }, t(5));
    await h.publish('program.enrolment_changed', { ...base, userId: 'founder-c', enrolled: false }, t(6));
    // An older report arriving late changes nothing.
    await h.publish('program.enrolment_changed', { ...base, userId: 'founder-c', enrolled: true }, t(4));
    await h.bus.idle();
    const list = await h.call('GET', `/api/orgs/${org.slug}/programs`, org.admin);
    expect(list.body[0].enrolledCount).toBe(2);
  });
});

describe('the template version a program pins', () => {
  const programBody = (templateVersion: number | null) => ({
    name: 'Pinned',
    startDate: '2027-03-01',
    endDate: '2027-08-31',
    templateVersion,
  });
  const stored = async (orgId: string) =>
    ((await h.model.findById(orgId).lean())?.programs ?? []).map((p) => [p.name, p.templateVersion]);

  it('when an org admin pins a version the organization did not publish, then it is 404 with the number named and nothing is written', async () => {
    const org = await h.withAdmin();
    h.venture.published.set(org.id, [1, 2]);
    const before = await h.outbox(org.id);
    const created = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, programBody(7));
    expect(created.status).toBe(404);
    expect(created.body).toMatchObject({
      code: 'TEMPLATE.VERSION_NOT_FOUND',
      message: 'Template version 7 is not published',
    });
    expect(await stored(org.id)).toEqual([]);
    expect(await h.outbox(org.id)).toEqual(before);
    expect(h.venture.asked.at(-1)).toBe(org.id);

    // Another organization's version 3 is not this one's.
    const other = await h.withAdmin();
    h.venture.published.set(other.id, [1, 2, 3]);
    const foreign = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, programBody(3));
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Template version 3 is not published']);

    const program = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, programBody(null));
    const auditBefore = await h.call('GET', `/api/orgs/${org.slug}/audit?limit=1`, org.admin);
    const changed = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${program.body.id}`, org.admin, {
      name: 'Renamed',
      templateVersion: 9,
    });
    expect(changed.status).toBe(404);
    expect(changed.body).toMatchObject({
      code: 'TEMPLATE.VERSION_NOT_FOUND',
      message: 'Template version 9 is not published',
    });
    expect(await stored(org.id)).toEqual([['Pinned', null]]);
    const auditAfter = await h.call('GET', `/api/orgs/${org.slug}/audit?limit=1`, org.admin);
    expect(auditAfter.body.items[0]).toEqual(auditBefore.body.items[0]);
  });

  it('when an org admin pins a published version, then the program is saved with it; the standard tasks need no check', async () => {
    const org = await h.withAdmin();
    h.venture.published.set(org.id, [1, 2]);
    const created = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, programBody(2));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Pinned', templateVersion: 2 });
    const changed = (await h.outbox(org.id)).filter((e) => e.type === 'program.changed').at(-1)!;
    expect(changed.data).toMatchObject({ programId: created.body.id, templateVersion: 2 });

    const asked = h.venture.asked.length;
    const standard = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${created.body.id}`, org.admin, {
      templateVersion: null,
    });
    expect([standard.status, standard.body.templateVersion]).toEqual([200, null]);
    const repinned = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${created.body.id}`, org.admin, {
      templateVersion: 1,
    });
    expect([repinned.status, repinned.body.templateVersion]).toEqual([200, 1]);
    expect(h.venture.asked.length).toBe(asked + 1);
    expect(await stored(org.id)).toEqual([['Pinned', 1]]);
  });

  it('when the venture service is down, then pinning a version is 503 and nothing is written, while the standard tasks and other edits still save', async () => {
    const org = await h.withAdmin();
    h.venture.published.set(org.id, [1]);
    const pinned = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, programBody(1));
    expect(pinned.status).toBe(201);
    h.venture.up = false;
    try {
      const created = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
        ...programBody(1),
        name: 'Unchecked',
      });
      expect(created.status).toBe(503);
      expect(created.body).toMatchObject({
        code: 'SERVICE.UNAVAILABLE',
        message:
          'Template versions cannot be checked right now, so the program was not saved. Please try again in a moment.',
      });
      const repinned = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${pinned.body.id}`, org.admin, {
        templateVersion: 2,
      });
      expect([repinned.status, repinned.body.code]).toEqual([503, 'SERVICE.UNAVAILABLE']);
      expect(await stored(org.id)).toEqual([['Pinned', 1]]);

      // The version it already pins is not asked about again; null needs no call.
      const renamed = await h.call('PATCH', `/api/orgs/${org.slug}/programs/${pinned.body.id}`, org.admin, {
        name: 'Renamed',
        templateVersion: 1,
      });
      expect([renamed.status, renamed.body.name, renamed.body.templateVersion]).toEqual([200, 'Renamed', 1]);
      const standard = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, programBody(null));
      expect(standard.status).toBe(201);
    } finally {
      h.venture.up = true;
    }
  });

  it('when a program manager pins a version, then it is 403 before the venture service is asked', async () => {
    const org = await h.withAdmin();
    const manager = await h.join(org.slug, org.id, org.admin, 'programManager');
    const asked = h.venture.asked.length;
    const created = await h.call('POST', `/api/orgs/${org.slug}/programs`, manager, programBody(1));
    expect([created.status, created.body.code]).toEqual([403, 'ORGANIZATION.FORBIDDEN']);
    expect(h.venture.asked.length).toBe(asked);
  });
});

describe('registration at /org/{slug}', () => {
  it('when a visitor registers, then they are a founder member enrolled in the open program, and the workspace is 404 to them', async () => {
    const org = await h.withAdmin();
    const program = await h.call('POST', `/api/orgs/${org.slug}/programs`, org.admin, {
      name: 'Open cohort',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
      registrationOpen: true,
    });
    const res = await h.call('POST', `/api/organizations/${org.slug}/register`, null, {
      username: 'new.founder@example.com',
      password: 'secret12',
    });
    expect(res.status).toBe(201);
    const founderId = res.body.id as string;
    const members = await h.call('GET', `/api/orgs/${org.slug}/members`, org.admin);
    expect(members.body).toContainEqual(
      expect.objectContaining({ userId: founderId, email: 'new.founder@example.com', role: 'founder' }),
    );
    const events = await h.outbox(org.id);
    expect(events.find((e) => e.type === 'program.founder_enrolled')?.data).toEqual({
      programId: program.body.id,
      organizationId: org.id,
      founder: {
        userId: founderId,
        email: 'new.founder@example.com',
        displayName: 'new.founder@example.com',
      },
    });
    const asFounder = await h.call('GET', `/api/orgs/${org.slug}`, founderId);
    expect([asFounder.status, asFounder.body.code]).toEqual([404, 'ORGANIZATION.NOT_FOUND']);
    expect((await h.call('GET', '/api/orgs', founderId)).body).toEqual([]);
  });
});

describe('registration in the visitor’s language (issue 21)', () => {
  it('when a visitor registers reading Spanish, then the account is created in Spanish; without a choice, English', async () => {
    const org = await h.withAdmin();
    const spanish = await h.call('POST', `/api/organizations/${org.slug}/register`, null, {
      username: 'lectora@example.com',
      password: 'secret12',
      language: 'es',
    });
    expect(spanish.status).toBe(201);
    const english = await h.call('POST', `/api/organizations/${org.slug}/register`, null, {
      username: 'reader@example.com',
      password: 'secret12',
    });
    expect(english.status).toBe(201);
    expect(h.directory.created.filter(({ organizationId }) => organizationId === org.id)).toEqual([
      { username: 'lectora@example.com', organizationId: org.id, language: 'es' },
      { username: 'reader@example.com', organizationId: org.id, language: 'en' },
    ]);
    const unknown = await h.call('POST', `/api/organizations/${org.slug}/register`, null, {
      username: 'other@example.com',
      password: 'secret12',
      language: 'fr',
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'REQUEST.INVALID']);
  });
});

describe('settings, plan and the audit log', () => {
  it('when an org admin changes the settings, then the audit records each field from and to, and organization.updated is written with it', async () => {
    const org = await h.withAdmin();
    const res = await h.call('PATCH', `/api/orgs/${org.slug}`, org.admin, {
      name: 'Northgate Accelerator',
      primaryColor: '#112233',
    });
    expect(res.body).toMatchObject({
      name: 'Northgate Accelerator',
      primaryColor: '#112233',
      slug: org.slug,
    });
    const slugChange = await h.call('PATCH', `/api/orgs/${org.slug}`, org.admin, { slug: 'other' });
    expect([slugChange.status, slugChange.body.code]).toEqual([400, 'REQUEST.INVALID']);
    const audit = await h.call('GET', `/api/orgs/${org.slug}/audit`, org.admin);
    expect(audit.body.items[0]).toMatchObject({
      action: 'settings.updated',
      details: {
        name: { from: org.name, to: 'Northgate Accelerator' },
      },
    });
    expect(audit.body.items[0].details.primaryColor).toEqual({ from: '#0F172A', to: '#112233' });
    const updated = (await h.outbox(org.id)).filter((e) => e.type === 'organization.updated');
    expect(updated.at(-1)!.data).toMatchObject({ name: 'Northgate Accelerator', plan: 'free' });
  });

  it('when the platform administrator sets the plan, then organization.updated carries it and the read model lists it', async () => {
    const org = await h.organization();
    const res = await h.call('PATCH', `/internal/organizations/${org.id}`, 'service', { plan: 'enterprise' });
    expect(res.body.plan).toBe('enterprise');
    const bad = await h.call('PATCH', `/internal/organizations/${org.id}`, 'service', { plan: 'gold' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Plan must be one of free, enterprise']);
    expect((await h.outbox(org.id)).at(-1)).toMatchObject({
      type: 'organization.updated',
      data: { organizationId: org.id, plan: 'enterprise', isActive: true },
    });
    const readModel = await h.call('GET', '/internal/organizations/read-model', 'service');
    expect(readModel.body).toContainEqual({
      id: org.id,
      slug: org.slug,
      name: expect.any(String),
      plan: 'enterprise',
      isActive: true,
    });
    const removed = await h.call('DELETE', `/internal/organizations/${org.id}`, 'service');
    expect(removed.body).toEqual({ success: true });
    expect((await h.outbox(org.id)).at(-1)).toMatchObject({
      type: 'organization.deleted',
      data: { organizationId: org.id },
    });
    expect((await h.call('GET', `/internal/organizations/${org.id}`, 'service')).status).toBe(404);
  });

  it('when the log spans several pages, then Load more pages through every entry once, newest first, and the CSV holds them all', async () => {
    const org = await h.withAdmin();
    for (let i = 0; i < 5; i += 1) {
      h.clock.now = new Date(h.clock.now.getTime() + 1000);
      await h.call('PATCH', `/api/orgs/${org.slug}`, org.admin, { description: `=HYPERLINK("x") v${i}` });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: Array<{ id: string }>; nextCursor: string | null } } =
        await h.call(
          'GET',
          `/api/orgs/${org.slug}/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          org.admin,
        );
      expect([page.status, Array.isArray(page.body.items)]).toEqual([200, true]);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((e) => e.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const bad = await h.call('GET', `/api/orgs/${org.slug}/audit?cursor=nonsense`, org.admin);
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid cursor']);

    const csv = await h.call('GET', `/api/orgs/${org.slug}/audit.csv`, org.admin);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${org.slug}-audit-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(ORG_AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain('settings.updated');
    expect(lines[lines.length - 1]).toContain('member.invited');
  });

  it('when another service records an audit entry, then it appears once however often the event is delivered', async () => {
    const org = await h.withAdmin();
    const event = await h.publish('organization.audit_recorded', {
      organizationId: org.id,
      action: 'cohort.exported',
      actor: { userId: org.admin, displayName: 'Pat Manager' },
      target: 'Spring 2027',
      details: { rows: 150 },
    });
    await h.bus.publish([event]);
    await h.bus.idle();
    const audit = await h.call('GET', `/api/orgs/${org.slug}/audit`, org.admin);
    const exports = audit.body.items.filter((e: { action: string }) => e.action === 'cohort.exported');
    expect(exports).toEqual([
      expect.objectContaining({ id: event.id, target: 'Spring 2027', details: { rows: 150 } }),
    ]);
  });
});

describe('deleted accounts', () => {
  it('when an account is deleted, then its memberships go with an audit entry, and a repeated event changes nothing', async () => {
    const org = await h.withAdmin();
    const mentor = await h.join(org.slug, org.id, org.admin, 'mentor');
    const event = await h.publish('user.deleted', { userId: mentor, username: 'gone@example.com' });
    await h.bus.publish([event]);
    await h.bus.idle();
    const members = await h.call('GET', `/api/orgs/${org.slug}/members`, org.admin);
    expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([org.admin]);
    const audit = await h.call('GET', `/api/orgs/${org.slug}/audit`, org.admin);
    expect(audit.body.items.filter((e: { action: string }) => e.action === 'member.removed')).toEqual([
      expect.objectContaining({ actor: { userId: mentor, displayName: 'Account deleted' } }),
    ]);
    const left = (await h.outbox(org.id)).filter(
      (e) =>
        e.type === 'organization.member_changed' && e.data.member.userId === mentor && e.data.role === null,
    );
    expect(left).toHaveLength(1);
  });
});

describe('concurrent and older data', () => {
  it('when ten invitations are sent at the same moment, then each is written once (writes that lost the race decide again)', async () => {
    const org = await h.withAdmin();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        h.call('POST', `/api/orgs/${org.slug}/invitations`, org.admin, {
          email: `parallel${i}@example.com`,
          role: 'mentor',
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 201));
    const pending = await h.call('GET', `/api/orgs/${org.slug}/invitations`, org.admin);
    expect(pending.body.map((i: { email: string }) => i.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `parallel${i}@example.com`).sort(),
    );
    const sent = (await h.outbox(org.id)).filter(
      (e) => e.type === 'organization.member_invited' && e.data.inviteeEmail.startsWith('parallel'),
    );
    expect(sent).toHaveLength(10);
  });

  it('when an organization from before workspaces (no members, no revision) gets its first org admin, then the write succeeds', async () => {
    const slug = `legacy-${Date.now().toString(36)}`;
    const inserted = await h.model.collection.insertOne({
      name: 'Legacy Institute',
      slug,
      logoUrl: null,
      primaryColor: '#0F172A',
      secondaryColor: '#3B82F6',
      description: null,
      isActive: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const orgId = inserted.insertedId.toHexString();
    const platformAdmin = [...h.directory.users.values()].find((u) => u.isAdmin)!;
    const admin = await h.join(slug, orgId, platformAdmin.userId, 'orgAdmin');
    const workspace = await h.call('GET', `/api/orgs/${slug}`, admin);
    expect(workspace.body).toMatchObject({
      organization: { name: 'Legacy Institute', plan: 'free' },
      myRole: 'orgAdmin',
      counts: { members: 1, founders: 0, programs: 0 },
    });
  });
});
