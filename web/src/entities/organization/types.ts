/** GET /api/organizations/by-slug/{slug}: what the branded page reads (spec §3 "Organization"). */
export interface OrganizationBranding {
  name: string;
  description: string | null;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
}
