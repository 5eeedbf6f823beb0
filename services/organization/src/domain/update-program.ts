import { AppError } from '@app/common';
import type { Program } from '@app/contracts';
import type { Caller, OrganizationContext, ProgramRecord } from './organization.ts';
import { placeProgram, programDiff, withDefaultRules, type ProgramChanges } from './programs.ts';
import { publishedVersionCheck } from './template-version.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  profileOrUnauthorized,
  toProgramView,
  workspaceErrors,
} from './workspace.ts';

/**
 * An org admin changes a program (archiving it too, which closes its registration): audited field by field
 * as `program.updated` (or `program.archived`), with `program.changed`. Nothing different → nothing written.
 * The end date may not come before the start date (400). A newly pinned template version must be published
 * (404 `TEMPLATE.VERSION_NOT_FOUND`; 503 when the venture service cannot tell); the version a program already
 * pins is not asked about again, so a program pinned before this check stays editable.
 */
export async function updateProgram(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  programId: string,
  changes: ProgramChanges,
): Promise<Program> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  const checkVersion = publishedVersionCheck(ctx, caller, changes.templateVersion);
  const program = await changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    async (org) => {
      const actor = actorIn(org, profile, 'managePrograms');
      const before = org.programs.find((p) => p.id === programId);
      if (!before) throw workspaceErrors.programNotFound();
      if (changes.templateVersion !== undefined && changes.templateVersion !== before.templateVersion) {
        await checkVersion(org.id);
      }
      const archived = changes.archived ?? before.archived;
      const after: ProgramRecord = {
        ...before,
        name: changes.name ?? before.name,
        startDate: changes.startDate ?? before.startDate,
        endDate: changes.endDate ?? before.endDate,
        templateVersion:
          changes.templateVersion === undefined ? before.templateVersion : changes.templateVersion,
        riskRules: withDefaultRules(changes.riskRules, before.riskRules),
        archived,
        // An archived program takes no enrolments.
        registrationOpen: archived ? false : (changes.registrationOpen ?? before.registrationOpen),
      };
      if (after.startDate > after.endDate) throw endBeforeStart();
      const diff = programDiff(before, after);
      if (Object.keys(diff).length === 0) {
        return { changes: {}, events: [], result: toProgramView(org.id, before, {}) };
      }
      const { programs, events } = placeProgram(ctx, caller, org, after);
      const action = !before.archived && after.archived ? 'program.archived' : 'program.updated';
      return {
        changes: { programs },
        events,
        audit: [auditEntry(ctx, actorOf(actor), action, after.name, diff)],
        result: toProgramView(org.id, after, {}),
      };
    },
  );
  const counts = await ctx.enrolments.counts(program.organizationId);
  return { ...program, enrolledCount: counts[program.id] ?? 0 };
}

function endBeforeStart(): AppError {
  const message = 'The end date must be on or after the start date';
  return AppError.badRequest(message, [{ path: ['endDate'], message }]);
}
