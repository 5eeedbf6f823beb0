/*
 * Field limits: the services refuse what is outside them (with the messages in the route contracts) and
 * the web app's forms use the same numbers for their hints and `maxLength`s. Lengths are in characters
 * (UTF-16 code units, as `String.length` counts them), after trimming where the field is trimmed.
 */
export const LIMITS = {
  venture: {
    /** Spec §9. */
    name: { max: 100 },
    /** Spec §9: the blurb is at most 140 characters. */
    blurb: { max: 140 },
  },
  taskTemplate: {
    title: { max: 200 },
    description: { max: 500 },
    category: { max: 100 },
  },
  account: {
    /** An e-mail address (RFC 5321's limit). */
    email: { max: 254 },
    /** What a sign-in form may send as the username before it is refused as wrong. */
    loginUsername: { max: 1024 },
    /** A new account's password (the sign-up hint says 6+). */
    signUpPassword: { min: 6 },
    /** A password chosen on the account page or the reset page (spec §9). */
    newPassword: { min: 8 },
    /** Longer passwords are refused before hashing. */
    password: { max: 1024 },
    /** First and last name, job title, department. */
    profileText: { max: 100 },
    phoneNumber: { pattern: /^[0-9 +().-]{7,30}$/, minDigits: 5 },
    resetToken: { max: 512 },
  },
  /** A comment on a task (issue 16): plain text. */
  comment: {
    body: { max: 5000 },
  },
  invitation: {
    /** What an invitation link's token may be before it is refused as invalid (issued ones are 43). */
    token: { max: 512 },
    /** How long an invitation link works. */
    ttlDays: 7,
  },
  /** A task's prerequisites (issue 17): other tasks of its venture. */
  prerequisites: { max: 49 },
  /** A calendar feed URL's token (issue 17): what a request may carry before it is refused (issued: 43). */
  calendarFeed: { token: { max: 128 } },
  organization: {
    name: { min: 2, max: 100 },
    slug: { min: 2, max: 64 },
    logoUrl: { max: 2048 },
    description: { max: 1000 },
  },
  // Issue 19: white label.
  whiteLabel: {
    displayName: { max: 100 },
    url: { max: 2048 },
  },
  contact: {
    name: { min: 2, max: 100 },
    subject: { min: 5, max: 200 },
    message: { min: 10, max: 5000 },
  },
} as const;
