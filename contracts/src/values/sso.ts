/*
 * Issue 19: what single sign-on says to people, without the routes and schemas of http/sso.ts, so a page that
 * only shows these texts (the web's SSO error page) does not load the contract's route table with them.
 */

/** Password sign-in refused for an address whose organization enforces SSO (403 `AUTH.SSO_REQUIRED`). */
export const SSO_REQUIRED_MESSAGE =
  'Your organization requires single sign-on. Use "Continue with SSO" and sign in with your organization account.';

export const SSO_NOT_CONFIGURED_MESSAGE =
  'Single sign-on is not set up for this email domain. Sign in with your password, or ask your organization administrator.';

/** Why an SSO sign-in ended on the error page (`/auth/sso-error?reason=`), and what the page says. */
export const SSO_ERROR_MESSAGES = {
  state:
    'This sign-in link does not belong to this browser or was already used. Start again with "Continue with SSO".',
  expired: 'The sign-in took too long and expired. Start again with "Continue with SSO".',
  provider:
    'Your identity provider did not complete the sign-in. Start again, or contact your administrator.',
  token:
    'The answer from your identity provider could not be verified, so you were not signed in. Contact your administrator if this keeps happening.',
  email:
    'Your identity provider did not confirm an email address in a domain your organization allows, so no account was linked.',
  deactivated: 'This account has been deactivated. Contact your administrator.',
  unavailable:
    'Single sign-on for your organization is not available right now. Try again later, or contact your administrator.',
} as const;
export type SsoErrorReason = keyof typeof SSO_ERROR_MESSAGES;
export const SSO_ERROR_REASONS = Object.keys(SSO_ERROR_MESSAGES) as SsoErrorReason[];
