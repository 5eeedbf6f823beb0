import { changePassword } from '../src/domain/change-password.ts';
import { deleteAccount } from '../src/domain/delete-account.ts';
import { getCurrentUser } from '../src/domain/get-current-user.ts';
import { logIn } from '../src/domain/log-in.ts';
import { registerUser } from '../src/domain/register-user.ts';
import { requestPasswordReset } from '../src/domain/request-password-reset.ts';
import { resetPassword } from '../src/domain/reset-password.ts';
import { updateProfile } from '../src/domain/update-profile.ts';
import { caller, DEMO_USERNAME, testContext, type TestContext } from './support/context.ts';

async function register(ctx: TestContext, username = 'Founder@Example.com', password = 'first-pass') {
  return registerUser(ctx, caller, { username, password });
}

function outboxTypes(ctx: TestContext, id: string): string[] {
  return (ctx.users.raw(id)?.outbox ?? []).map((event) => event.type);
}

describe('registering', () => {
  it('when someone registers, then the address is stored trimmed and lowercased and user.registered is recorded with the user', async () => {
    const ctx = testContext();
    const user = await register(ctx, '  Founder@Example.COM ');
    expect(user).toMatchObject({
      username: 'founder@example.com',
      isAdmin: false,
      isActive: true,
      organizationId: null,
    });
    expect(user).not.toHaveProperty('passwordHash');
    const [event] = ctx.users.raw(user.id)!.outbox;
    expect(event).toMatchObject({
      type: 'user.registered',
      producer: 'auth',
      correlationId: 'test-correlation',
      data: { userId: user.id, username: 'founder@example.com', organizationId: null },
    });
  });

  it('when the address is taken in any letter case, then 409 "Username already exists"', async () => {
    const ctx = testContext();
    await register(ctx, 'founder@example.com');
    await expect(register(ctx, 'FOUNDER@example.com')).rejects.toMatchObject({
      status: 409,
      code: 'AUTH.USERNAME_TAKEN',
      message: 'Username already exists',
    });
  });
});

describe('logging in', () => {
  it('when the password is right, then the user is returned whatever the letter case of the address', async () => {
    const ctx = testContext();
    const created = await register(ctx);
    await expect(logIn(ctx, { username: 'FOUNDER@example.com ', password: 'first-pass' })).resolves.toEqual(
      created,
    );
  });

  it('when the password is wrong or the address unknown, then the same 401, and the unknown address still costs a hash', async () => {
    const ctx = testContext();
    await register(ctx);
    let dummyCalls = 0;
    const verifyDummy = ctx.hasher.verifyDummy;
    ctx.hasher = {
      ...ctx.hasher,
      verifyDummy: (password) => {
        dummyCalls += 1;
        return verifyDummy(password);
      },
    };
    const expected = { status: 401, code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid email or password' };
    await expect(
      logIn(ctx, { username: 'founder@example.com', password: 'nope-nope' }),
    ).rejects.toMatchObject(expected);
    await expect(logIn(ctx, { username: 'nobody@example.com', password: 'nope-nope' })).rejects.toMatchObject(
      expected,
    );
    expect(dummyCalls).toBe(1);
  });

  it('when the account is deactivated, then 403 only after the password was proven', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await ctx.users.updateAdminFields(user.id, { isActive: false }, []);
    await expect(
      logIn(ctx, { username: 'founder@example.com', password: 'wrong-pass' }),
    ).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      logIn(ctx, { username: 'founder@example.com', password: 'first-pass' }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'This account has been deactivated',
    });
  });

  it('when the stored hash used older parameters, then a successful login upgrades it', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const old = ctx.users.raw(user.id)!.passwordHash;
    const { createPasswordHasher } = await import('../src/domain/password-hash.ts');
    ctx.hasher = createPasswordHasher({ memoryKiB: 2048, passes: 1, parallelism: 1 });
    await logIn(ctx, { username: 'founder@example.com', password: 'first-pass' });
    const upgraded = ctx.users.raw(user.id)!.passwordHash;
    expect(upgraded).not.toBe(old);
    expect(upgraded.startsWith('$argon2id$v=19$m=2048,t=1,p=1$')).toBe(true);
  });

  it('when the stored hash is scrypt from before argon2id, then a successful login makes it argon2id', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const { legacyScryptHash } = await import('./support/legacy-hash.ts');
    ctx.users.raw(user.id)!.passwordHash = legacyScryptHash('first-pass');
    await expect(
      logIn(ctx, { username: 'founder@example.com', password: 'wrong-pass' }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(ctx.users.raw(user.id)!.passwordHash.startsWith('scrypt$')).toBe(true);
    await logIn(ctx, { username: 'founder@example.com', password: 'first-pass' });
    expect(ctx.users.raw(user.id)!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    await expect(
      logIn(ctx, { username: 'founder@example.com', password: 'first-pass' }),
    ).resolves.toMatchObject({
      id: user.id,
    });
  });
});

describe('the signed-in user', () => {
  it('when the user was deleted or deactivated, then AUTH.SESSION_ENDED (401) so the gateway closes the session', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await expect(getCurrentUser(ctx, user.id)).resolves.toMatchObject({ id: user.id });
    await ctx.users.updateAdminFields(user.id, { isActive: false }, []);
    await expect(getCurrentUser(ctx, user.id)).rejects.toMatchObject({
      status: 401,
      code: 'AUTH.SESSION_ENDED',
    });
    await expect(getCurrentUser(ctx, 'not-an-id')).rejects.toMatchObject({
      status: 401,
      code: 'AUTH.SESSION_ENDED',
    });
  });

  it('when the profile is updated, then only the given fields change and null clears one', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await updateProfile(ctx, user.id, { firstName: 'Ada', jobTitle: 'CEO' });
    const updated = await updateProfile(ctx, user.id, { jobTitle: null, lastName: 'Lovelace' });
    expect(updated).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', jobTitle: null, isAdmin: false });
  });
});

describe('changing the password', () => {
  it('when the current password is right, then the new one works and the other sessions are revoked except this one', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await changePassword(ctx, caller, user.id, { currentPassword: 'first-pass', newPassword: 'second-pass' });
    await expect(logIn(ctx, { username: user.username, password: 'second-pass' })).resolves.toMatchObject({
      id: user.id,
    });
    await expect(logIn(ctx, { username: user.username, password: 'first-pass' })).rejects.toMatchObject({
      status: 401,
    });
    const revoked = ctx.users.raw(user.id)!.outbox.find((e) => e.type === 'user.sessions_revoked');
    expect(revoked?.data).toEqual({ userId: user.id, exceptSessionId: 'session-1' });
  });

  it('when the current password is wrong, then 400 "Current password is incorrect" and nothing changes', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await expect(
      changePassword(ctx, caller, user.id, { currentPassword: 'wrong-pass', newPassword: 'second-pass' }),
    ).rejects.toMatchObject({ status: 400, message: 'Current password is incorrect' });
    expect(outboxTypes(ctx, user.id)).toEqual(['user.registered']);
  });

  it('when it is the shared demo account, then 403 and the published demo password keeps working', async () => {
    const ctx = testContext();
    const demo = await register(ctx, DEMO_USERNAME, 'demo-founder-2025');
    await expect(
      changePassword(ctx, caller, demo.id, {
        currentPassword: 'demo-founder-2025',
        newPassword: 'taken-over',
      }),
    ).rejects.toMatchObject({ status: 403, code: 'AUTH.DEMO_ACCOUNT_LOCKED' });
  });
});

describe('deleting the account', () => {
  it('when the password is right, then the user is marked deleted with user.deleted and user.sessions_revoked in the same write', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await deleteAccount(ctx, caller, user.id, 'first-pass');
    const doc = ctx.users.raw(user.id)!;
    expect(doc.deletedAt).toBeInstanceOf(Date);
    expect(doc.outbox.map((e) => [e.type, e.data])).toEqual([
      ['user.registered', expect.anything()],
      ['user.deleted', { userId: user.id, username: 'founder@example.com' }],
      ['user.sessions_revoked', { userId: user.id }],
    ]);
    // The address is free again at once.
    await expect(register(ctx, 'founder@example.com')).resolves.toMatchObject({
      username: 'founder@example.com',
    });
  });

  it('when the password is wrong, then 400 "Password is incorrect"', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    await expect(deleteAccount(ctx, caller, user.id, 'wrong-pass')).rejects.toMatchObject({
      status: 400,
      message: 'Password is incorrect',
    });
    expect(ctx.users.raw(user.id)!.deletedAt).toBeNull();
  });

  it('when the user is an administrator, then 403 with the contact-the-administrator message', async () => {
    const ctx = testContext();
    const admin = await registerUser(ctx, caller, {
      username: 'admin@example.com',
      password: 'admin-pass',
      isAdmin: true,
    });
    await expect(deleteAccount(ctx, caller, admin.id, 'admin-pass')).rejects.toMatchObject({
      status: 403,
      message: 'Administrators cannot delete their own account. Please contact the system administrator.',
    });
  });
});

describe('password reset', () => {
  async function requestToken(ctx: TestContext, username: string): Promise<string | null> {
    await requestPasswordReset(ctx, caller, { username });
    const event = ctx.users
      .all()
      .flatMap((doc) => doc.outbox)
      .filter((e) => e.type === 'password.reset_requested')
      .at(-1);
    if (!event || event.type !== 'password.reset_requested') return null;
    return new URL(event.data.resetUrl).searchParams.get('token');
  }

  it('when an account asks, then a link under PUBLIC_URL is recorded and only the SHA-256 of its token is stored', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const token = await requestToken(ctx, 'FOUNDER@example.com');
    expect(token).toMatch(/^[\w-]{43}$/);
    const doc = ctx.users.raw(user.id)!;
    expect(doc.resetTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.resetTokenHash).not.toContain(token);
    const event = doc.outbox.at(-1)!;
    expect(event.data).toEqual({
      userId: user.id,
      username: 'founder@example.com',
      resetUrl: `https://app.example.test/reset-password?token=${token}`,
      expiresAt: '2025-06-01T13:00:00.000Z',
      language: 'en',
    });
  });

  it('when the address is unknown, then nothing is recorded and no error tells it apart', async () => {
    const ctx = testContext();
    await expect(
      requestPasswordReset(ctx, caller, { username: 'nobody@example.com' }),
    ).resolves.toBeUndefined();
    expect(ctx.users.all()).toHaveLength(0);
  });

  it('when the token is used, then the password changes, every session is revoked and the token works only once', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const token = (await requestToken(ctx, user.username))!;
    await resetPassword(ctx, caller, { token, password: 'brand-new-pass' });
    await expect(logIn(ctx, { username: user.username, password: 'brand-new-pass' })).resolves.toMatchObject({
      id: user.id,
    });
    expect(ctx.users.raw(user.id)!.outbox.at(-1)).toMatchObject({
      type: 'user.sessions_revoked',
      data: { userId: user.id },
    });
    expect(ctx.users.raw(user.id)!.outbox.at(-1)!.data).not.toHaveProperty('exceptSessionId');
    await expect(resetPassword(ctx, caller, { token, password: 'another-pass' })).rejects.toMatchObject({
      status: 400,
      message: 'This reset link is invalid or has expired',
    });
  });

  it('when the token expired or is unknown, then 400 "This reset link is invalid or has expired"', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const token = (await requestToken(ctx, user.username))!;
    ctx.advance(60 * 60_000 + 1);
    const invalid = {
      status: 400,
      code: 'AUTH.INVALID_RESET_TOKEN',
      message: 'This reset link is invalid or has expired',
    };
    await expect(resetPassword(ctx, caller, { token, password: 'brand-new-pass' })).rejects.toMatchObject(
      invalid,
    );
    await expect(
      resetPassword(ctx, caller, { token: 'made-up', password: 'brand-new-pass' }),
    ).rejects.toMatchObject(invalid);
  });

  it('when a new link is requested, then the older one stops working', async () => {
    const ctx = testContext();
    const user = await register(ctx);
    const first = (await requestToken(ctx, user.username))!;
    const second = (await requestToken(ctx, user.username))!;
    await expect(
      resetPassword(ctx, caller, { token: first, password: 'brand-new-pass' }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(resetPassword(ctx, caller, { token: second, password: 'brand-new-pass' })).resolves.toEqual({
      userId: user.id,
    });
  });
});
