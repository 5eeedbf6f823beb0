/** POST /api/organizations/{slug}/register. */
export interface OrganizationRegistrationInput {
  username: string;
  password: string;
}
