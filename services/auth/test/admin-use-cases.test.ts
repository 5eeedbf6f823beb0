import { deleteUser } from '../src/domain/delete-user.ts';
import { getUser } from '../src/domain/get-user.ts';
import { registerUser } from '../src/domain/register-user.ts';
import { seedAccount } from '../src/domain/seed-accounts.ts';
import { updateUser } from '../src/domain/update-user.ts';
import { logIn } from '../src/domain/log-in.ts';
import { caller, DEMO_USERNAME, testContext } from './support/context.ts';

describe('administering users (internal calls)', () => {
  it('when a user is deactivated or demoted, then user.sessions_revoked is recorded; other changes record nothing', async () => {
    const ctx = testContext();
    // Another administrator, so demoting this one is not refused as removing the last.
    await registerUser(ctx, caller, {
      username: 'other-admin@example.com',
      password: 'pass-word',
      isAdmin: true,
    });
    const user = await registerUser(ctx, caller, {
      username: 'a@example.com',
      password: 'pass-word',
      isAdmin: true,
    });
    const types = () => ctx.users.raw(user.id)!.outbox.map((e) => e.type);
    await updateUser(ctx, caller, user.id, { username: 'B@Example.com' });
    expect(types()).toEqual(['user.registered']);
    await expect(getUser(ctx, user.id)).resolves.toMatchObject({ username: 'b@example.com' });
    await updateUser(ctx, caller, user.id, { isAdmin: false });
    await updateUser(ctx, caller, user.id, { isActive: false });
    await updateUser(ctx, caller, user.id, { isActive: false });
    await updateUser(ctx, caller, user.id, { isActive: true, isAdmin: true });
    expect(types()).toEqual(['user.registered', 'user.sessions_revoked', 'user.sessions_revoked']);
  });

  it('when the last active administrator would be demoted, deactivated or deleted, then 409 and nothing changes', async () => {
    const ctx = testContext();
    const admin = await registerUser(ctx, caller, {
      username: 'boss@example.com',
      password: 'pass-word',
      isAdmin: true,
    });
    const lastAdmin = {
      status: 409,
      code: 'AUTH.LAST_ADMIN',
      message: 'The last administrator cannot be removed. Make another user an administrator first.',
    };
    await expect(updateUser(ctx, caller, admin.id, { isAdmin: false })).rejects.toMatchObject(lastAdmin);
    await expect(updateUser(ctx, caller, admin.id, { isActive: false })).rejects.toMatchObject(lastAdmin);
    await expect(deleteUser(ctx, caller, admin.id)).rejects.toMatchObject(lastAdmin);
    await expect(getUser(ctx, admin.id)).resolves.toMatchObject({ isAdmin: true, isActive: true });
    expect(ctx.users.raw(admin.id)!.outbox.map((e) => e.type)).toEqual(['user.registered']);

    // With a second active administrator, the first can be demoted; then the second is the last one.
    const second = await registerUser(ctx, caller, {
      username: 'second@example.com',
      password: 'pass-word',
      isAdmin: true,
    });
    await expect(updateUser(ctx, caller, admin.id, { isAdmin: false })).resolves.toMatchObject({
      isAdmin: false,
    });
    await expect(deleteUser(ctx, caller, second.id)).rejects.toMatchObject(lastAdmin);
    // An inactive administrator does not count as one who keeps the platform running.
    await updateUser(ctx, caller, admin.id, { isAdmin: true, isActive: false });
    await expect(updateUser(ctx, caller, second.id, { isAdmin: false })).rejects.toMatchObject(lastAdmin);
  });

  it('when a username is changed to one taken, then 409 "Username already exists"', async () => {
    const ctx = testContext();
    await registerUser(ctx, caller, { username: 'a@example.com', password: 'pass-word' });
    const b = await registerUser(ctx, caller, { username: 'b@example.com', password: 'pass-word' });
    await expect(updateUser(ctx, caller, b.id, { username: 'A@example.com' })).rejects.toMatchObject({
      status: 409,
      message: 'Username already exists',
    });
  });

  it('when a user is deleted, then user.deleted is recorded and the user is gone; a second delete is 404', async () => {
    const ctx = testContext();
    const user = await registerUser(ctx, caller, { username: 'a@example.com', password: 'pass-word' });
    await deleteUser(ctx, caller, user.id);
    expect(ctx.users.raw(user.id)!.outbox.map((e) => e.type)).toContain('user.deleted');
    await expect(getUser(ctx, user.id)).rejects.toMatchObject({ status: 404, code: 'USER.NOT_FOUND' });
    await expect(deleteUser(ctx, caller, user.id)).rejects.toMatchObject({ status: 404 });
  });

  it('when a user registers through an organization, then the organization is recorded on the user and in the event', async () => {
    const ctx = testContext();
    const user = await registerUser(ctx, caller, {
      username: 'a@example.com',
      password: 'pass-word',
      organizationId: 'org-1',
    });
    expect(user.organizationId).toBe('org-1');
    expect(ctx.users.raw(user.id)!.outbox[0]!.data).toMatchObject({ organizationId: 'org-1' });
    await expect(ctx.users.stats()).resolves.toEqual({ userCount: 1, byOrganization: { 'org-1': 1 } });
  });
});

describe('seeding accounts at start', () => {
  it('is idempotent: the demo account is created once and its published password is restored if changed', async () => {
    const ctx = testContext();
    const demo = { username: DEMO_USERNAME, password: 'demo-founder-2025', isAdmin: false };
    await expect(seedAccount(ctx, caller, demo)).resolves.toBe('created');
    await expect(seedAccount(ctx, caller, demo)).resolves.toBe('unchanged');
    const stored = (await ctx.users.findByUsername(DEMO_USERNAME))!;
    await ctx.users.setPasswordHash(stored.id, await ctx.hasher.hash('hijacked'), []);
    await expect(seedAccount(ctx, caller, demo)).resolves.toBe('updated');
    await expect(
      logIn(ctx, { username: DEMO_USERNAME, password: 'demo-founder-2025' }),
    ).resolves.toMatchObject({ isAdmin: false });
    expect(ctx.users.all()).toHaveLength(1);
  });

  it('makes the admin account an active administrator without touching a password the admin changed', async () => {
    const ctx = testContext();
    const admin = { username: 'Admin@Example.com', password: 'admin-secret', isAdmin: true };
    await seedAccount(ctx, caller, admin);
    const stored = (await ctx.users.findByUsername('admin@example.com'))!;
    await ctx.users.setPasswordHash(stored.id, await ctx.hasher.hash('changed-by-admin'), []);
    await ctx.users.updateAdminFields(stored.id, { isAdmin: false, isActive: false }, []);
    await expect(seedAccount(ctx, caller, admin)).resolves.toBe('updated');
    await expect(
      logIn(ctx, { username: 'admin@example.com', password: 'changed-by-admin' }),
    ).resolves.toMatchObject({
      isAdmin: true,
      isActive: true,
    });
  });
});
