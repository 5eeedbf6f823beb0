/** The admin dashboard's data (spec §3), as the admin service answers it. */

/** GET /api/admin/stats. */
export interface AdminStats {
  userCount: number;
  ventureCount: number;
  taskCount: number;
  completedTaskCount: number;
}

/** GET /api/admin/users. */
export interface AdminUser {
  id: string;
  username: string;
  isAdmin: boolean;
  isActive: boolean;
  firstName?: string | null;
  lastName?: string | null;
  organizationId?: string | null;
  createdAt: string;
}

/** GET /api/admin/ventures. */
export interface AdminVenture {
  id: string;
  name: string;
  blurb?: string | null;
  createdAt: string;
  userId: string;
  ownerUsername?: string | null;
  completionPercentage: number;
  taskCount?: number;
  completedTaskCount?: number;
}

/** GET /api/admin/tasks-master. */
export interface TaskTemplate {
  id: number | string;
  title: string;
  description?: string | null;
  /** Shown as General when empty. */
  category?: string | null;
  createdAt: string;
}

export interface TaskTemplateInput {
  title: string;
  description: string;
  category: string;
}

/** GET /api/admin/organizations (with how many users registered through each) and …/{id}. */
export interface AdminOrganization {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  userCount?: number;
}

/** POST /api/admin/organizations, PATCH /api/admin/organizations/{id}. */
export interface OrganizationInput {
  name: string;
  slug: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  description: string | null;
  isActive: boolean;
}

/** POST /api/admin/users. */
export interface NewUserInput {
  username: string;
  password: string;
  isAdmin: boolean;
}

/** PATCH /api/admin/users/{id}: the spec's editable fields. */
export interface UserChanges {
  username?: string;
  isAdmin?: boolean;
}

/** GET /api/admin/contact-messages. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Sent through the contact form or the enterprise form. */
  kind?: 'contact' | 'enterprise';
  createdAt: string;
}

/** GET /api/admin/audit: newest first. */
export interface AuditEntry {
  id: string;
  actorId: string;
  actorUsername: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  outcome: 'pending' | 'succeeded' | 'failed';
  errorCode: string | null;
  at: string;
}
