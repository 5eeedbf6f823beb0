import type { Program } from '@app/contracts';
import type { Caller, OrganizationContext, ProgramRecord } from './organization.ts';
import { placeProgram, withDefaultRules, type ProgramInput } from './programs.ts';
import { publishedVersionCheck } from './template-version.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  profileOrUnauthorized,
  toProgramView,
} from './workspace.ts';

/**
 * An org admin creates a program: risk rules default to issue 18's; opening its registration closes the
 * others'. Audited as `program.created`, with `program.changed`. A pinned template version must be published
 * (404 `TEMPLATE.VERSION_NOT_FOUND`; 503 when the venture service cannot tell): nothing is written otherwise.
 */
export async function createProgram(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  input: ProgramInput,
): Promise<Program> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  const checkVersion = publishedVersionCheck(ctx, caller, input.templateVersion);
  // A new program has nobody enrolled yet.
  return changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    async (org) => {
      const actor = actorIn(org, profile, 'managePrograms');
      await checkVersion(org.id);
      const program: ProgramRecord = {
        id: ctx.organizations.newId(),
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        templateVersion: input.templateVersion ?? null,
        riskRules: withDefaultRules(input.riskRules),
        registrationOpen: input.registrationOpen ?? false,
        archived: false,
        createdAt: ctx.clock(),
      };
      const { programs, events } = placeProgram(ctx, caller, org, program);
      return {
        changes: { programs },
        events,
        audit: [
          auditEntry(ctx, actorOf(actor), 'program.created', program.name, {
            startDate: program.startDate,
            endDate: program.endDate,
            templateVersion: program.templateVersion,
            registrationOpen: program.registrationOpen,
            riskRules: program.riskRules,
          }),
        ],
        result: toProgramView(org.id, program, {}),
      };
    },
  );
}
