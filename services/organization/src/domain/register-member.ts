import type { Language } from '@app/contracts';
import {
  organizationErrors,
  organizationEvent,
  type Caller,
  type MemberView,
  type OrganizationContext,
  type OrgMemberRecord,
  type OutboxEvent,
} from './organization.ts';
import { openProgramOf } from './programs.ts';
import { changeOrganization, memberChangedData, memberOf, toEventPerson } from './workspace.ts';

/** "First Last" when the profile has a name, else the e-mail address. */
export function displayNameOf(user: Pick<MemberView, 'username' | 'firstName' | 'lastName'>): string {
  const name = [user.firstName, user.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
  return name === '' ? user.username : name;
}

/**
 * A visitor registers on an organization's branded page: the account is created by the auth service with
 * the organization recorded, and they become a founder member of it (issue 18), enrolled in the program
 * open for registration if there is one (`program.founder_enrolled`; the venture service enrols them).
 * Only active organizations take registrations.
 */
export async function registerMember(
  ctx: OrganizationContext,
  caller: Caller,
  slug: string,
  input: { username: string; password: string; language?: Language },
): Promise<MemberView> {
  const org = await ctx.organizations.findBySlug(slug);
  if (!org || !org.isActive) throw organizationErrors.notFound();
  const user = await ctx.members.createMember({ ...input, organizationId: org.id }, caller.correlationId);
  await changeOrganization(
    ctx,
    () => ctx.organizations.findById(org.id),
    (current) => {
      if (memberOf(current, user.id)) return { changes: {}, events: [], result: undefined };
      const member: OrgMemberRecord = {
        userId: user.id,
        email: user.username.toLowerCase(),
        displayName: displayNameOf(user),
        role: 'founder',
        joinedAt: ctx.clock(),
      };
      const events: OutboxEvent[] = [
        organizationEvent(
          ctx,
          caller,
          'organization.member_changed',
          memberChangedData(current.id, member, 'founder', null),
        ),
      ];
      const program = openProgramOf(current);
      if (program) {
        events.push(
          organizationEvent(ctx, caller, 'program.founder_enrolled', {
            programId: program.id,
            organizationId: current.id,
            founder: toEventPerson(member),
          }),
        );
      }
      return { changes: { members: [...current.members, member] }, events, result: undefined };
    },
  );
  return user;
}
