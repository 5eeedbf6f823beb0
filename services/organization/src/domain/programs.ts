import { DEFAULT_RISK_RULES, type Program, type RiskRules } from '@app/contracts';
import {
  organizationEvent,
  type Caller,
  type OrganizationContext,
  type OrganizationRecord,
  type OutboxEvent,
  type ProgramRecord,
} from './organization.ts';
import { programChangedData, toProgramView, type Actor } from './workspace.ts';

/** A program's risk rules: the given ones over the defaults (a rule given as null is off). */
export function withDefaultRules(
  rules: Partial<RiskRules> | undefined,
  base: RiskRules = DEFAULT_RISK_RULES,
) {
  return { ...base, ...Object.fromEntries(Object.entries(rules ?? {}).filter(([, v]) => v !== undefined)) };
}

/**
 * The programs after `changed` replaced its earlier state (or joined the list): when it opens registration,
 * every other program closes it, so at most one program takes registrations. Each program that changed
 * gets its `program.changed`.
 */
export function placeProgram(
  ctx: Pick<OrganizationContext, 'clock'>,
  caller: Caller,
  org: OrganizationRecord,
  changed: ProgramRecord,
): { programs: ProgramRecord[]; events: OutboxEvent[] } {
  const exists = org.programs.some((p) => p.id === changed.id);
  const listed = exists
    ? org.programs.map((p) => (p.id === changed.id ? changed : p))
    : [...org.programs, changed];
  const events: OutboxEvent[] = [];
  const programs = listed.map((program) => {
    if (program.id !== changed.id && changed.registrationOpen && program.registrationOpen) {
      const closed = { ...program, registrationOpen: false };
      events.push(organizationEvent(ctx, caller, 'program.changed', programChangedData(org.id, closed)));
      return closed;
    }
    return program;
  });
  events.push(organizationEvent(ctx, caller, 'program.changed', programChangedData(org.id, changed)));
  return { programs, events };
}

/** The program open for registration at `/org/{slug}`, if any. */
export function openProgramOf(org: OrganizationRecord): ProgramRecord | undefined {
  return org.programs.find((p) => p.registrationOpen && !p.archived);
}

/** Active programs first (by start date, newest first), archived ones last. */
export function programsInOrder(org: OrganizationRecord, enrolled: Record<string, number>): Program[] {
  return [...org.programs]
    .sort(
      (a, b) =>
        Number(a.archived) - Number(b.archived) ||
        b.startDate.localeCompare(a.startDate) ||
        a.name.localeCompare(b.name),
    )
    .map((p) => toProgramView(org.id, p, enrolled));
}

/** The fields of a program that differ, each as `{ from, to }` (the audit entry's details). */
export function programDiff(before: ProgramRecord, after: ProgramRecord): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const key of [
    'name',
    'startDate',
    'endDate',
    'templateVersion',
    'registrationOpen',
    'archived',
  ] as const) {
    if (before[key] !== after[key]) diff[key] = { from: before[key], to: after[key] };
  }
  for (const key of Object.keys(after.riskRules) as Array<keyof RiskRules>) {
    if (before.riskRules[key] !== after.riskRules[key]) {
      diff[`riskRules.${key}`] = { from: before.riskRules[key], to: after.riskRules[key] };
    }
  }
  return diff;
}

export type { Actor };

/** What creating a program takes (validated by the contract). */
export interface ProgramInput {
  name: string;
  startDate: string;
  endDate: string;
  templateVersion?: number | null | undefined;
  riskRules?: Partial<RiskRules> | undefined;
  registrationOpen?: boolean | undefined;
}

export type ProgramChanges = Partial<ProgramInput> & { archived?: boolean | undefined };
