import { AppError } from '@app/common';
import type { Program, RiskRules } from '@app/contracts';
import type { Caller, OrganizationContext, ProgramRecord } from './organization.ts';
import { placeProgram, programDiff, programsInOrder, withDefaultRules } from './programs.ts';
import {
  actorIn,
  actorOf,
  auditEntry,
  changeOrganization,
  profileOrUnauthorized,
  toProgramView,
  workspaceErrors,
  workspaceFor,
} from './workspace.ts';

export interface ProgramInput {
  name: string;
  startDate: string;
  endDate: string;
  templateVersion?: number | null | undefined;
  riskRules?: Partial<RiskRules> | undefined;
  registrationOpen?: boolean | undefined;
}

export type ProgramChanges = Partial<ProgramInput> & { archived?: boolean | undefined };

/** Staff who may view programs: every program with its enrolled founders, archived ones last. */
export async function listPrograms(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
): Promise<Program[]> {
  const { org } = await workspaceFor(ctx, caller, userId, slug, 'viewPrograms');
  return programsInOrder(org, await ctx.enrolments.counts(org.id));
}

/**
 * An org admin creates a program: risk rules default to issue 18's; opening its registration closes the
 * others'. Audited as `program.created`, with `program.changed`.
 */
export async function createProgram(
  ctx: OrganizationContext,
  caller: Caller,
  userId: string,
  slug: string,
  input: ProgramInput,
): Promise<Program> {
  const profile = await profileOrUnauthorized(ctx, caller, userId);
  // A new program has nobody enrolled yet.
  return changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'managePrograms');
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

/**
 * An org admin changes a program (archiving it too, which closes its registration): audited field by field
 * as `program.updated` (or `program.archived`), with `program.changed`. Nothing different → nothing written.
 * The end date may not come before the start date (400).
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
  const program = await changeOrganization(
    ctx,
    () => ctx.organizations.findBySlug(slug),
    (org) => {
      const actor = actorIn(org, profile, 'managePrograms');
      const before = org.programs.find((p) => p.id === programId);
      if (!before) throw workspaceErrors.programNotFound();
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
