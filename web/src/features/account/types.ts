/** The signed-in user as GET /api/user and PATCH /api/user/profile answer it (spec §3 "User"). */
export interface AccountUser {
  id: string;
  /** The user's e-mail address. */
  username: string;
  isAdmin: boolean;
  isActive: boolean;
  firstName?: string | null;
  lastName?: string | null;
  jobTitle?: string | null;
  department?: string | null;
  phoneNumber?: string | null;
  /** ISO 8601 timestamp. */
  createdAt: string;
}

export const PROFILE_FIELDS = ['firstName', 'lastName', 'jobTitle', 'department', 'phoneNumber'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** PATCH /api/user/profile: every field is sent; `null` clears it. */
export type ProfileChanges = Record<ProfileField, string | null>;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** A venture as GET /api/ventures lists it (services/venture/README.md "VentureSummary"). */
export interface AccountVenture {
  id: string;
  name: string;
  /** At most 140 characters; '' (or null from older data) when none. */
  blurb?: string | null;
  /** ISO 8601 timestamp. */
  createdAt: string;
  userId: string;
}

/** POST /api/ventures and PATCH /api/ventures/{id}. */
export interface VentureInput {
  name: string;
  blurb: string;
}
