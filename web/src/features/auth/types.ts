/** The signed-in user as the auth service answers it (spec §3 "User"). */
export interface User {
  id: string | number;
  /** The user's e-mail address. */
  username: string;
  isAdmin: boolean;
  firstName?: string | null;
  lastName?: string | null;
  jobTitle?: string | null;
  department?: string | null;
  phoneNumber?: string | null;
  /** ISO 8601 timestamp. */
  createdAt: string;
  isActive: boolean;
}

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}

export interface RegisterInput {
  username: string;
  password: string;
}
