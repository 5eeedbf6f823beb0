export const PROFILE_FIELDS = ['firstName', 'lastName', 'jobTitle', 'department', 'phoneNumber'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** PATCH /api/user/profile: every field is sent; `null` clears it. */
export type ProfileChanges = Record<ProfileField, string | null>;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}
