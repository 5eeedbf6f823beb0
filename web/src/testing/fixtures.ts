import type { SessionUser } from '../entities/session-user/get-session-user';

/** A signed-in user as GET /api/user answers it: a founder with no profile details; override what a test needs. */
export function sessionUserFixture(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '65f0c0ffee0000000000beef',
    username: 'jane.doe@example.com',
    isAdmin: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    isActive: true,
    firstName: null,
    lastName: null,
    jobTitle: null,
    department: null,
    phoneNumber: null,
    organizationId: null,
    ...overrides,
  };
}
