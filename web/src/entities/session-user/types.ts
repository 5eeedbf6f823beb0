/** The signed-in user as the auth service answers GET /api/user, login, register and profile changes (spec §3 "User"). */
export interface SessionUser {
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
