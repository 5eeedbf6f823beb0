import { AppError, type CursorPage } from '@app/common';
import type { Organization, PageRequest, User } from '@app/contracts';

export { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@app/contracts';

/** An organization as the store holds it. */
export interface OrganizationRecord {
  id: string;
  name: string;
  /** Lowercase and URL-safe; unique. The branded page lives at /org/{slug}. */
  slug: string;
  logoUrl: string | null;
  /** `#RRGGBB`. */
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
  createdAt: Date;
}

export interface NewOrganization {
  name: string;
  slug: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
}

export type OrganizationChanges = Partial<NewOrganization>;

/** Thrown by the store when a slug is already taken (the unique index said so). */
export class SlugTakenError extends Error {
  constructor() {
    super('slug taken');
    this.name = 'SlugTakenError';
  }
}

export interface OrganizationRepository {
  isValidId(id: string): boolean;
  findById(id: string): Promise<OrganizationRecord | null>;
  findBySlug(slug: string): Promise<OrganizationRecord | null>;
  /** A page of organizations, newest first, searched by name (`@app/common` paging). */
  listPage(page: PageRequest): Promise<CursorPage<OrganizationRecord>>;
  /** The organizations with these ids (unknown ones are absent). */
  findByIds(ids: readonly string[]): Promise<OrganizationRecord[]>;
  /** Throws SlugTakenError on a duplicate slug. */
  create(organization: NewOrganization): Promise<OrganizationRecord>;
  /** Throws SlugTakenError on a duplicate slug; null when there is no such organization. */
  update(id: string, changes: OrganizationChanges): Promise<OrganizationRecord | null>;
  remove(id: string): Promise<boolean>;
}

/** A user as the auth service answers it (`userSchema` of `@app/contracts`). */
export type MemberView = User;

/** The auth service as this service needs it (users are auth's data). */
export interface MemberDirectory {
  /** Creates the account with the organization recorded; auth's 400/409 answers pass through. */
  createMember(
    input: { username: string; password: string; organizationId: string },
    correlationId: string,
  ): Promise<MemberView>;
  /** Number of users per organization id (organizations without users are absent). */
  countByOrganization(correlationId: string): Promise<Record<string, number>>;
}

export interface OrganizationContext {
  organizations: OrganizationRepository;
  members: MemberDirectory;
}

/** An organization as the internal calls answer it (`organizationSchema` of `@app/contracts`). */
export type OrganizationView = Organization;

export function toOrganizationView(org: OrganizationRecord): OrganizationView {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    logoUrl: org.logoUrl,
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
    description: org.description,
    isActive: org.isActive,
    // Issue 18: plans are stored with the institution workspaces; until then every organization is Free.
    plan: 'free',
    createdAt: org.createdAt.toISOString(),
  };
}

export const organizationErrors = {
  notFound: () => AppError.notFound('Organization not found', 'ORGANIZATION.NOT_FOUND'),
  slugTaken: () =>
    AppError.conflict('An organization with this slug already exists', 'ORGANIZATION.SLUG_TAKEN'),
  hasUsers: (count: number) =>
    AppError.conflict(
      `This organization has ${count} user${count === 1 ? '' : 's'} and cannot be deleted. ` +
        'Remove its users first, or mark it inactive instead.',
      'ORGANIZATION.HAS_USERS',
    ),
};

export async function rethrowSlugTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof SlugTakenError) throw organizationErrors.slugTaken();
    throw error;
  }
}
