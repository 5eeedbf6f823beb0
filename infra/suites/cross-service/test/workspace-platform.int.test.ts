import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_EMAIL } from './support/admin-platform.ts';
import { Browser, startWorkspacePlatform, type WorkspacePlatform } from './support/workspace-platform.ts';

/*
 * Issue 18 across services, through the real gateway: the plan the platform administrator sets in the admin
 * dashboard reaches the organization and its events; a founder registering at /org/{slug} is a founder
 * member, enrolled in the open program; a staff invitation is for its address only.
 */

let wp: WorkspacePlatform;

beforeAll(async () => {
  wp = await startWorkspacePlatform();
}, 60_000);

afterAll(async () => {
  await wp?.close();
});

describe('institution workspaces across services', () => {
  it('when the platform administrator sets the Enterprise plan in the admin dashboard, then organization.updated carries it and the workspace shows it', async () => {
    const org = await wp.organization();
    const res = await wp.administrator.call('PATCH', `/api/admin/organizations/${org.id}`, {
      plan: 'enterprise',
    });
    expect([res.status, res.body.plan]).toEqual([200, 'enterprise']);
    await wp.until(
      () =>
        wp
          .published('organization.updated')
          .some((e) => e.data.organizationId === org.id && e.data.plan === 'enterprise'),
      'organization.updated with the Enterprise plan',
    );
    const workspace = await wp.administrator.call('GET', `/api/orgs/${org.slug}`);
    expect(workspace.body).toMatchObject({ organization: { plan: 'enterprise' }, myRole: 'orgAdmin' });
    const bad = await wp.administrator.call('PATCH', `/api/admin/organizations/${org.id}`, {
      plan: 'platinum',
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Plan must be one of free, enterprise']);
    // An org admin cannot change the plan through the workspace settings.
    const viaSettings = await wp.administrator.call('PATCH', `/api/orgs/${org.slug}`, { plan: 'free' });
    expect([viaSettings.status, viaSettings.body.code]).toEqual([400, 'REQUEST.INVALID']);
  });

  it('when a visitor registers at /org/{slug}, then they are a founder member enrolled in the open program and the workspace is Page Not Found to them', async () => {
    const w = await wp.workspace();
    await wp.until(
      () => wp.published('program.founder_enrolled').some((e) => e.data.founder.userId === w.founder.user.id),
      'program.founder_enrolled for the new founder',
    );
    const enrolled = wp
      .published('program.founder_enrolled')
      .find((e) => e.data.founder.userId === w.founder.user.id)!;
    expect(enrolled.data).toEqual({
      programId: w.programId,
      organizationId: w.id,
      founder: {
        userId: w.founder.user.id,
        email: w.founder.user.username,
        displayName: w.founder.user.username,
      },
    });
    const members = await w.orgAdmin.browser.call('GET', `/api/orgs/${w.slug}/members`);
    expect(members.body).toContainEqual(
      expect.objectContaining({ userId: w.founder.user.id, role: 'founder' }),
    );
    const asFounder = await w.founder.browser.call('GET', `/api/orgs/${w.slug}`);
    expect([asFounder.status, asFounder.body]).toEqual([
      404,
      { code: 'ORGANIZATION.NOT_FOUND', message: 'Organization not found' },
    ]);
    expect((await w.founder.browser.call('GET', '/api/orgs')).body).toEqual([]);
    // The founder of another organization is no member here.
    expect((await w.otherFounder.browser.call('GET', `/api/orgs/${w.slug}/members`)).status).toBe(404);
  });

  it('when a staff invitation is opened signed out, then it shows the organization and role; accepted by another account it is refused', async () => {
    const w = await wp.workspace();
    const { token } = await wp.invite(
      w.orgAdmin.browser,
      w.slug,
      'pat.manager@example.com',
      'programManager',
    );
    const preview = await new Browser(wp.platform.base).call('POST', '/api/org-invitations/preview', {
      token,
    });
    expect(preview.body).toMatchObject({
      organizationSlug: w.slug,
      role: 'programManager',
      email: 'pat.manager@example.com',
      viewer: { signedIn: false, email: null, emailMatches: null },
    });
    const asAdmin = await wp.administrator.call('POST', '/api/org-invitations/accept', { token });
    expect([asAdmin.status, asAdmin.body.code]).toEqual([409, 'INVITATION.EMAIL_MISMATCH']);
    expect(asAdmin.body.message).toBe(
      `This invitation was sent to pat.manager@example.com, but you are signed in as ${ADMIN_EMAIL}. Sign in with pat.manager@example.com to accept it.`,
    );
  });
});
