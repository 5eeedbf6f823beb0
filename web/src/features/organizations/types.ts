/** GET /api/organizations/by-slug/{slug}: what the branded page reads (spec §3 "Organization"). */
export interface OrganizationBranding {
  name: string;
  description: string | null;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
}

/** POST /api/organizations/{slug}/register. */
export interface OrganizationRegistrationInput {
  username: string;
  password: string;
}

/** The registered user, who is now signed in (the fields the app reads). */
export interface RegisteredUser {
  id: string | number;
  username: string;
  isAdmin: boolean;
  createdAt: string;
  isActive: boolean;
  [field: string]: unknown;
}
