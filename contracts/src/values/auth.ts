// The profile's fields, zod-free so a page that lists them carries no schema.

export const PROFILE_FIELDS = ['firstName', 'lastName', 'jobTitle', 'department', 'phoneNumber'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
