/**
 * The fixed demo account used by the Demo Login button (spec §2 "Sign-in / sign-up").
 * The auth service seeds the same account; these are public by design.
 */
export const demoAccount = {
  username: 'demo@ventureroadmap.app',
  password: 'demo-founder-2025',
} as const;
