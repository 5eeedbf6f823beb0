import {
  AppError,
  createEvent,
  type CursorPage,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@app/common';
import type {
  Language,
  NotificationPreferences,
  PageRequest,
  ProfileField,
  User,
  UserStats,
} from '@app/contracts';
import type { PasswordHasher } from './password-hash.ts';
import type { SsoContext } from './sso.ts';

/** A user as the store holds it. `passwordHash` never leaves the service: see `toUserView`. */
export interface UserRecord {
  id: string;
  /** The e-mail address, trimmed and lowercased: unique as stored. */
  username: string;
  passwordHash: string;
  isAdmin: boolean;
  isActive: boolean;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  department: string | null;
  phoneNumber: string | null;
  /** The organization (another service's id) the user registered through, if any. */
  organizationId: string | null;
  createdAt: Date;
  /** Their e-mail choices; null or absent until they change one (then the defaults apply). */
  notificationPreferences?: NotificationPreferences | null;
  /** Issue 21: the language of their app and e-mails ('en' for users stored before it). */
  language: Language;
}

/** The user JSON every call answers with (`userSchema` of `@app/contracts`). */
export type UserView = User;

export function toUserView(user: UserRecord): UserView {
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitle: user.jobTitle,
    department: user.department,
    phoneNumber: user.phoneNumber,
    organizationId: user.organizationId,
    createdAt: user.createdAt.toISOString(),
    language: user.language,
  };
}

/** The session user's answer: the user, marked `isDemo` when it is the shared demo account. */
export function toSessionUserView(ctx: AuthContext, user: UserRecord): UserView {
  return user.username === ctx.settings.demoUsername
    ? { ...toUserView(user), isDemo: true }
    : toUserView(user);
}

/** `null` clears a field; a missing key leaves it as it is. */
export type ProfileChanges = Partial<Record<ProfileField, string | null>>;

export interface NewUser {
  id: string;
  username: string;
  passwordHash: string;
  isAdmin: boolean;
  organizationId: string | null;
  /** Issue 19: an account created by an SSO sign-in, linked to its identity (`<issuer> <subject>`). */
  ssoKey?: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Issue 21: the language picked at registration (or the browser's). */
  language: Language;
}

/**
 * Issue 19: the password hash of an account created by SSO: no password verifies against it (it is not a
 * hash format), until the user sets one through password reset.
 */
export const SSO_ONLY_PASSWORD = '!sso-only';

export interface AdminChanges {
  username?: string;
  isAdmin?: boolean;
  isActive?: boolean;
}

export type OutboxEvent = EventEnvelope;

export type { UserStats };

/** Thrown by the store when a username is already taken (the unique index said so). */
export class UsernameTakenError extends Error {
  constructor() {
    super('username taken');
    this.name = 'UsernameTakenError';
  }
}

/**
 * What the use cases need from storage. Every method that changes state and takes `events` writes them
 * into the user's outbox in the SAME single-document write, so a change and its events are never separated.
 * Reads and writes ignore deleted users.
 */
export interface UserRepository {
  newId(): string;
  isValidId(id: string): boolean;
  findById(id: string): Promise<UserRecord | null>;
  findByUsername(username: string): Promise<UserRecord | null>;
  /** Issue 19: the live user linked to this SSO identity (`<issuer> <subject>`). */
  findBySsoKey(key: string): Promise<UserRecord | null>;
  /** Issue 19: links an SSO identity to the user (idempotent); false when the user is gone. */
  linkSsoKey(id: string, key: string): Promise<boolean>;
  /** The active user holding this unexpired reset token (by its SHA-256). */
  findByResetToken(tokenHash: string, now: Date): Promise<UserRecord | null>;
  /** A page of live users, newest first, searched by e-mail, first and last name (`@app/common` paging). */
  listPage(page: PageRequest): Promise<CursorPage<UserRecord>>;
  stats(): Promise<UserStats>;
  /** Live users per organization id, for the named organizations (those without users are absent). */
  countByOrganizations(organizationIds: readonly string[]): Promise<Record<string, number>>;
  /** Users who are administrators and active (the ones who can run the platform). */
  countActiveAdmins(): Promise<number>;
  /** Throws UsernameTakenError on a duplicate username. */
  create(user: NewUser, events: OutboxEvent[]): Promise<UserRecord>;
  updateProfile(id: string, changes: ProfileChanges): Promise<UserRecord | null>;
  /** Throws UsernameTakenError on a duplicate username. */
  updateAdminFields(id: string, changes: AdminChanges, events: OutboxEvent[]): Promise<UserRecord | null>;
  /** Also clears any pending reset token. */
  setPasswordHash(id: string, passwordHash: string, events: OutboxEvent[]): Promise<boolean>;
  setResetToken(id: string, tokenHash: string, expiresAt: Date, events: OutboxEvent[]): Promise<boolean>;
  /**
   * Sets the new hash only if the token is still the user's and unexpired, and clears it in the same
   * write: a token works once, even under concurrent use.
   */
  consumeResetToken(
    id: string,
    tokenHash: string,
    now: Date,
    passwordHash: string,
    events: OutboxEvent[],
  ): Promise<boolean>;
  /** Marks the user deleted (freeing the username at once) together with its events. */
  markDeleted(id: string, events: OutboxEvent[]): Promise<boolean>;
  /**
   * Replaces the user's notification preferences and language (issue 21: the mailer keeps both from the
   * one event), with their event in the same write.
   */
  setNotificationPreferences(
    id: string,
    preferences: NotificationPreferences,
    language: Language,
    events: OutboxEvent[],
  ): Promise<boolean>;
}

export interface AuthSettings {
  /** Links in e-mails start with it (no trailing slash). */
  publicUrl: string;
  resetTokenTtlMinutes: number;
  /** The shared demo account: its password cannot be changed or reset, and it cannot be deleted. */
  demoUsername: string;
  /** The co-founder seeded beside the demo account (no one signs in as it). Unset in some tests. */
  demoCoFounderUsername?: string;
  /** Verifies one-click unsubscribe tokens (`unsubscribeKey` of @app/common; the mailer signs with it). */
  unsubscribeKey: string;
}

/** Everything a use case needs; routes pass it through, tests build it with fakes. */
export interface AuthContext {
  users: UserRepository;
  hasher: PasswordHasher;
  settings: AuthSettings;
  /** Issue 19: single sign-on (absent where a test or tool has no organization service). */
  sso?: SsoContext;
  clock: () => Date;
}

/** What a use case knows about the request it serves. */
export interface Caller {
  correlationId: string;
  /** The caller's session id, when the request came through the gateway with a session. */
  sessionId?: string;
  /**
   * Issue 21: the request's `Accept-Language`, negotiated (`languageFromAcceptLanguage`): the language of
   * an account created by this request when nothing more explicit says one. Absent: English.
   */
  acceptLanguage?: Language;
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function authEvent<T extends EventType>(
  ctx: AuthContext,
  caller: Caller,
  type: T,
  data: EventData<T>,
): EventEnvelope<T> {
  return createEvent(type, data, {
    producer: 'auth',
    correlationId: caller.correlationId,
    occurredAt: ctx.clock(),
  });
}

export const authErrors = {
  invalidCredentials: () => new AppError('AUTH.INVALID_CREDENTIALS', 401, 'Invalid email or password'),
  deactivated: () => new AppError('AUTH.ACCOUNT_DEACTIVATED', 403, 'This account has been deactivated'),
  /** The identity names a user who no longer exists or was deactivated: the gateway ends the session. */
  sessionEnded: () => new AppError('AUTH.SESSION_ENDED', 401, 'Not authenticated'),
  usernameTaken: () => new AppError('AUTH.USERNAME_TAKEN', 409, 'Username already exists'),
  wrongCurrentPassword: () => new AppError('AUTH.WRONG_PASSWORD', 400, 'Current password is incorrect'),
  wrongPassword: () => new AppError('AUTH.WRONG_PASSWORD', 400, 'Password is incorrect'),
  adminCannotDeleteSelf: () =>
    new AppError(
      'AUTH.ADMIN_SELF_DELETE',
      403,
      'Administrators cannot delete their own account. Please contact the system administrator.',
    ),
  lastAdmin: () =>
    new AppError(
      'AUTH.LAST_ADMIN',
      409,
      'The last administrator cannot be removed. Make another user an administrator first.',
    ),
  demoAccountLocked: () =>
    new AppError('AUTH.DEMO_ACCOUNT_LOCKED', 403, 'The demo account cannot be changed or deleted'),
  invalidUnsubscribeToken: () =>
    new AppError('UNSUBSCRIBE.INVALID_TOKEN', 400, 'This unsubscribe link is invalid'),
  invalidResetToken: () =>
    new AppError('AUTH.INVALID_RESET_TOKEN', 400, 'This reset link is invalid or has expired'),
  userNotFound: () => AppError.notFound('User not found', 'USER.NOT_FOUND'),
};

/** The signed-in user, or `sessionEnded` when they were deleted or deactivated since signing in. */
export async function loadSignedInUser(ctx: AuthContext, userId: string): Promise<UserRecord> {
  const user = await findSignedInUser(ctx, userId);
  if (!user) throw authErrors.sessionEnded();
  return user;
}

/** The session's user, or null when they were deleted or deactivated (the session is then over). */
export async function findSignedInUser(ctx: AuthContext, userId: string): Promise<UserRecord | null> {
  const user = ctx.users.isValidId(userId) ? await ctx.users.findById(userId) : null;
  return user?.isActive ? user : null;
}

/**
 * The platform always keeps one active administrator: removing the last one (demoting, deactivating or
 * deleting them) is refused. Checked before the write; two admins removing each other at the same instant
 * could still both pass, which a single operator cannot do.
 */
export async function ensureNotLastAdmin(ctx: AuthContext, user: UserRecord): Promise<void> {
  if (!user.isAdmin || !user.isActive) return;
  if ((await ctx.users.countActiveAdmins()) <= 1) throw authErrors.lastAdmin();
}

/** Maps the store's duplicate-username signal to the 409 the web app recognises. */
export async function rethrowUsernameTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UsernameTakenError) throw authErrors.usernameTaken();
    throw error;
  }
}
