import { z } from 'zod';
import { userVentureDataSchema } from './venture.ts';
import { LIMITS } from '../limits.ts';
import { LANGUAGES } from '../values/language.ts';
import {
  cursorPageSchema,
  defineRoute,
  idListParam,
  INVALID_CURSOR_CODE,
  searchablePageQuery,
  successMessageSchema,
  successSchema,
  text,
} from './route.ts';

/*
 * The auth service's routes: the browser's session and account calls (spec §7, "Session and account") and
 * the internal users endpoints the admin and organization services use.
 *
 * Request bodies: every object is strict (unknown keys → 400, so `isAdmin` or `organizationId` in a browser
 * body change nothing), every value must be a string or boolean of its own type (so operator objects such
 * as `{"$ne": null}` never reach a query), and messages are the ones the web app shows as they are.
 */

const { account } = LIMITS;
const INVALID_EMAIL = 'Please enter a valid email address';
const TOO_LONG = 'Password is too long';
const NEW_PASSWORD_TOO_SHORT = `Password too short: Your new password must be at least ${account.newPassword.min} characters long`;
const SIGN_UP_PASSWORD_TOO_SHORT = `Password must be at least ${account.signUpPassword.min} characters`;

// ---- Shapes ------------------------------------------------------------------------------------------------

/** A user as every auth call answers it (the session user of `GET /api/user`, the admin lists' rows). */
export const userSchema = z.object({
  id: z.string(),
  /** The e-mail address, trimmed and lowercased. */
  username: z.string(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The organization the user registered through, if any. */
  organizationId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
  /**
   * The shared demo account (issue 16): it cannot change its password or e-mail, delete itself, invite or
   * be invited; the web hides or disables those controls. Absent means false.
   */
  isDemo: z.boolean().optional(),
  /**
   * Issue 21: the language the user reads the app and their e-mails in (picked on the account page; at
   * registration, the browser's). Auth always answers it; absent means English.
   */
  language: z.enum(LANGUAGES).optional(),
});
export type User = z.output<typeof userSchema>;

/** The session check's answer: the signed-in user, or null for a visitor. */
export const sessionSchema = z.strictObject({ user: userSchema.nullable() });

/** How many users there are, in total and per organization id (organizations without users are absent). */
export const userStatsSchema = z.object({
  userCount: z.number().int(),
  byOrganization: z.record(z.string(), z.number().int()),
});
export type UserStats = z.output<typeof userStatsSchema>;

/** Organization id → how many users registered through it, for the organizations asked about. */
export const organizationUserCountsSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export const organizationUserCountsQuery = z.strictObject({
  organizationIds: idListParam('organizationIds'),
});

// ---- Fields ------------------------------------------------------------------------------------------------

/** An e-mail address, trimmed and lowercased (the stored, unique form). */
export const emailField = text('Email is required', INVALID_EMAIL)
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(account.email.max, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));

/** A new account's password: at least 6 (the sign-up hint says 6+), refused before hashing past 1024. */
const signUpPassword = text('Password is required', SIGN_UP_PASSWORD_TOO_SHORT)
  .min(account.signUpPassword.min, SIGN_UP_PASSWORD_TOO_SHORT)
  .max(account.password.max, TOO_LONG);

/** A password chosen on the account page or the reset page: at least 8 (spec §9). */
const newPassword = text('New password required', NEW_PASSWORD_TOO_SHORT)
  .min(1, 'New password required')
  .min(account.newPassword.min, NEW_PASSWORD_TOO_SHORT)
  .max(account.password.max, TOO_LONG);

function profileText(label: string) {
  return text(`${label} must be text`)
    .trim()
    .max(account.profileText.max, `${label} must be at most ${account.profileText.max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

const phoneNumber = text('Please enter a valid phone number')
  .trim()
  .refine(
    (value) =>
      value === '' ||
      (account.phoneNumber.pattern.test(value) &&
        value.replace(/\D/g, '').length >= account.phoneNumber.minDigits),
    'Please enter a valid phone number',
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

// ---- Bodies ------------------------------------------------------------------------------------------------

export const loginBody = z.strictObject({
  username: text('Email is required', 'Invalid email or password')
    .min(1, 'Email is required')
    .max(account.loginUsername.max, 'Invalid email or password'),
  password: text('Password is required', 'Invalid email or password')
    .min(1, 'Password is required')
    .max(account.password.max, TOO_LONG),
  rememberMe: z.boolean('rememberMe must be true or false').optional(),
});

export const registerBody = z.strictObject({
  username: emailField,
  password: signUpPassword,
  /** Issue 21: the language the visitor was reading in (absent: the request's Accept-Language, else English). */
  language: z.enum(LANGUAGES).optional(),
});

/** Issue 21: the account page's language picker. */
export const updateLanguageBody = z.strictObject({ language: z.enum(LANGUAGES) });

/** Only the keys present change; `null` or '' clears a field. */
export const profileBody = z.strictObject({
  firstName: profileText('First name'),
  lastName: profileText('Last name'),
  jobTitle: profileText('Job title'),
  department: profileText('Department'),
  phoneNumber,
});

export const changePasswordBody = z.strictObject({
  currentPassword: text('Current password required')
    .min(1, 'Current password required')
    .max(account.password.max, TOO_LONG),
  newPassword,
});

export const deleteAccountBody = z.strictObject({
  password: text('Password required').min(1, 'Password required').max(account.password.max, TOO_LONG),
});

export const forgotPasswordBody = z.strictObject({ username: emailField });

const INVALID_RESET = 'This reset link is invalid or has expired';

export const resetPasswordBody = z.strictObject({
  token: text(INVALID_RESET).min(1, INVALID_RESET).max(account.resetToken.max, INVALID_RESET),
  password: newPassword,
});

export const userIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid user id'),
});

export const createUserBody = z.strictObject({
  username: emailField,
  password: signUpPassword,
  organizationId: z.string('organizationId must be a string').min(1).max(200).nullable().optional(),
  isAdmin: z.boolean('isAdmin must be true or false').optional(),
  /** Issue 21: the new user's language (an organization's registration page passes the visitor's). */
  language: z.enum(LANGUAGES).optional(),
});

export const updateUserBody = z.strictObject({
  username: emailField.optional(),
  isAdmin: z.boolean('isAdmin must be true or false').optional(),
  isActive: z.boolean('isActive must be true or false').optional(),
});

// ---- Routes ------------------------------------------------------------------------------------------------

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that address, a reset link is on its way.';
export const PASSWORD_UPDATED_MESSAGE = 'Password updated';

/** The browser-facing calls, reached through the gateway. */
export const authApi = {
  /** The signed-in user. */
  getUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    answer: userSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'],
  }),
  /**
   * Who is signed in, if anyone: the web's session check on every page load. A visitor, or a session whose
   * user was deleted or deactivated (that session is closed), is an answer, `{ user: null }`, not the 401
   * of GET /api/user, which browsers log as a failed request on every visitor's page.
   */
  getSession: defineRoute({
    method: 'GET',
    path: '/api/session',
    answer: sessionSchema,
  }),
  /** Signs in (the gateway opens the session). */
  login: defineRoute({
    method: 'POST',
    path: '/api/login',
    body: loginBody,
    answer: userSchema,
    errors: [
      'AUTH.INVALID_CREDENTIALS',
      'AUTH.ACCOUNT_DEACTIVATED',
      'AUTH.RATE_LIMITED',
      'AUTH.SSO_REQUIRED',
    ],
  }),
  /** Creates an account and signs it in. */
  register: defineRoute({
    method: 'POST',
    path: '/api/register',
    status: 201,
    body: registerBody,
    answer: userSchema,
    errors: ['AUTH.USERNAME_TAKEN', 'AUTH.RATE_LIMITED'],
  }),
  /**
   * Ends the platform session. After an SSO sign-in whose provider has an end-session endpoint,
   * `endSessionUrl` offers signing out there too (issue 19).
   */
  logout: defineRoute({
    method: 'POST',
    path: '/api/logout',
    answer: successSchema.extend({ endSessionUrl: z.string().optional() }),
  }),
  updateProfile: defineRoute({
    method: 'PATCH',
    path: '/api/user/profile',
    body: profileBody,
    answer: userSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'],
  }),
  /**
   * Issue 21: the language of the user's app and e-mails. Published to the mailer with the notification
   * preferences (`user.notification_preferences_changed`), so the next e-mail follows it.
   */
  updateLanguage: defineRoute({
    method: 'PATCH',
    path: '/api/user/language',
    body: updateLanguageBody,
    answer: userSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'],
  }),
  /** Ends the user's other sessions too. */
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/change-password',
    body: changePasswordBody,
    answer: successMessageSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED', 'AUTH.WRONG_PASSWORD', 'AUTH.DEMO_ACCOUNT_LOCKED'],
  }),
  /** Deletes the signed-in user's account (with their ventures) and ends every session of theirs. */
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/user/account',
    body: deleteAccountBody,
    answer: successSchema,
    errors: [
      'AUTH.UNAUTHENTICATED',
      'AUTH.SESSION_ENDED',
      'AUTH.WRONG_PASSWORD',
      'AUTH.ADMIN_SELF_DELETE',
      'AUTH.DEMO_ACCOUNT_LOCKED',
    ],
  }),
  /** The same answer whether or not the address has an account. */
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/forgot-password',
    body: forgotPasswordBody,
    answer: successMessageSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/reset-password',
    body: resetPasswordBody,
    answer: successSchema,
    errors: ['AUTH.INVALID_RESET_TOKEN'],
  }),
} as const;

/** A person of the demo: their auth id, address and name ("First Last", else the address). */
export const demoPersonSchema = z.object({ userId: z.string(), email: z.string(), displayName: z.string() });

/** The shared demo account and the co-founder seeded beside it (both accounts nobody's mail reaches). */
export const demoAccountSchema = z.object({
  owner: demoPersonSchema,
  coFounder: demoPersonSchema.nullable(),
});
export type DemoAccount = z.output<typeof demoAccountSchema>;

/** Calls from other services only (`/internal`, a service identity required). */
export const authInternalApi = {
  /**
   * The demo account and its seeded co-founder (issue 16), for the venture service's demo reset:
   * exactly the `{ owner, coFounder }` its `PUT /internal/demo-venture` takes. 404 until auth seeded it.
   */
  getDemoAccount: defineRoute({
    method: 'GET',
    path: '/internal/demo-account',
    answer: demoAccountSchema,
    errors: ['USER.NOT_FOUND'],
  }),
  userStats: defineRoute({ method: 'GET', path: '/internal/users/stats', answer: userStatsSchema }),
  /**
   * A page of users, newest first (created, then id, both descending), searched by e-mail, first and last
   * name with `q` (issue 18).
   */
  listUsers: defineRoute({
    method: 'GET',
    path: '/internal/users',
    query: searchablePageQuery,
    answer: cursorPageSchema(userSchema),
    errors: [INVALID_CURSOR_CODE],
  }),
  /** How many users registered through each of the named organizations (absent ones have none). */
  organizationUserCounts: defineRoute({
    method: 'GET',
    path: '/internal/organization-user-counts',
    query: organizationUserCountsQuery,
    answer: organizationUserCountsSchema,
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/internal/users',
    status: 201,
    body: createUserBody,
    answer: userSchema,
    errors: ['AUTH.USERNAME_TAKEN'],
  }),
  /** Any existing user, active or not. */
  getUser: defineRoute({
    method: 'GET',
    path: '/internal/users/:id',
    params: userIdParams,
    answer: userSchema,
    errors: ['USER.NOT_FOUND'],
  }),
  /** Deactivating or demoting a user ends their sessions. */
  updateUser: defineRoute({
    method: 'PATCH',
    path: '/internal/users/:id',
    params: userIdParams,
    body: updateUserBody,
    answer: userSchema,
    errors: ['USER.NOT_FOUND', 'AUTH.USERNAME_TAKEN', 'AUTH.LAST_ADMIN'],
  }),
  deleteUser: defineRoute({
    method: 'DELETE',
    path: '/internal/users/:id',
    params: userIdParams,
    answer: successSchema,
    errors: ['USER.NOT_FOUND', 'AUTH.LAST_ADMIN'],
  }),
} as const;

// ---- Notification preferences and unsubscribe (issue 16) ----------------------------------------------------

/** How a user hears about task changes on ventures they are a member of. */
export const TASK_CHANGE_DELIVERIES = ['instant', 'daily', 'off'] as const;
export type TaskChangeDelivery = (typeof TASK_CHANGE_DELIVERIES)[number];

/**
 * A user's e-mail preferences; invitations and account e-mails (reset link, welcome) are always sent.
 * A user who never chose has the defaults: `DEFAULT_NOTIFICATION_PREFERENCES` (everything on, instantly).
 */
export const notificationPreferencesSchema = z.object({
  taskChanges: z.enum(TASK_CHANGE_DELIVERIES),
  mentions: z.boolean(),
  assignments: z.boolean(),
  /** Issue 17: "Due in 7 days", "Due tomorrow" and "Overdue" e-mails for tasks assigned to the user. */
  reminders: z.boolean(),
  /** "Program updates": at-risk alerts to a venture's mentors and the weekly program digests (issue 18). */
  programUpdates: z.boolean(),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  taskChanges: 'instant',
  mentions: true,
  assignments: true,
  reminders: true,
  programUpdates: true,
};

/** Only the keys present change. */
export const updateNotificationPreferencesBody = z.strictObject({
  taskChanges: z
    .enum(TASK_CHANGE_DELIVERIES, {
      error: `taskChanges must be one of ${TASK_CHANGE_DELIVERIES.join(', ')}`,
    })
    .optional(),
  mentions: z.boolean('mentions must be true or false').optional(),
  assignments: z.boolean('assignments must be true or false').optional(),
  reminders: z.boolean('reminders must be true or false').optional(),
  programUpdates: z.boolean('programUpdates must be true or false').optional(),
});

/** What an unsubscribe link turns off: one kind of e-mail. */
export const UNSUBSCRIBE_TOPICS = [
  'taskChanges',
  'mentions',
  'assignments',
  'reminders',
  'programUpdates',
] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

const INVALID_UNSUBSCRIBE = 'This unsubscribe link is invalid';

export const unsubscribeQuery = z.strictObject({
  token: text(INVALID_UNSUBSCRIBE).min(1, INVALID_UNSUBSCRIBE).max(1024, INVALID_UNSUBSCRIBE),
});

export const unsubscribedSchema = z.object({
  success: z.literal(true),
  topic: z.enum(UNSUBSCRIBE_TOPICS),
  /** e.g. "You will no longer receive task change e-mails." */
  message: z.string(),
});

/** The browser's preference calls and the signed-out one-click unsubscribe (the auth service serves them). */
export const notificationApi = {
  getPreferences: defineRoute({
    method: 'GET',
    path: '/api/user/notification-preferences',
    answer: notificationPreferencesSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'],
  }),
  updatePreferences: defineRoute({
    method: 'PATCH',
    path: '/api/user/notification-preferences',
    body: updateNotificationPreferencesBody,
    answer: notificationPreferencesSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'],
  }),
  /**
   * Works signed out: the signed token (in the query, as in the e-mail's `List-Unsubscribe` URL) names the
   * user and the topic, which is turned off. RFC 8058 one-click: mail providers POST it with the form body
   * `List-Unsubscribe=One-Click` and neither the anti-forgery header nor an Origin, so the gateway lets this
   * one path through its CSRF check (the token is the authority, not a session); the body is ignored
   * (form-encoded, JSON `{}` or none). Repeating it is harmless. Bad or forged token → 400
   * `UNSUBSCRIBE.INVALID_TOKEN`.
   */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/unsubscribe',
    query: unsubscribeQuery,
    answer: unsubscribedSchema,
    errors: ['UNSUBSCRIBE.INVALID_TOKEN'],
  }),
} as const;

// ---- Account export (issue 17) -----------------------------------------------------------------------------

/**
 * Everything the platform keeps about the signed-in user, as one JSON archive (right to data portability):
 * the profile, the notification preferences, and every venture they are a member of with its tasks,
 * comments and activity (`userVentureDataSchema`, from the venture service). Nothing of ventures they are
 * not a member of.
 */
export const accountExportSchema = z.object({
  /** ISO 8601. */
  exportedAt: z.iso.datetime(),
  profile: userSchema,
  notificationPreferences: notificationPreferencesSchema,
  ventures: userVentureDataSchema.shape.ventures,
});
export type AccountExport = z.output<typeof accountExportSchema>;

export const accountExportApi = {
  /** Signed in: the archive, as an attachment (`venture-roadmap-account-<date>.json`). */
  exportAccount: defineRoute({
    method: 'GET',
    path: '/api/user/export',
    answer: accountExportSchema,
    errors: ['AUTH.UNAUTHENTICATED', 'AUTH.SESSION_ENDED'],
  }),
} as const;
