import { randomBytes } from 'node:crypto';
import { createEvent, type EventData, type EventEnvelope, type EventType } from '@app/common';
import { DEFAULT_RISK_RULES, type OrganizationPlan, type OrgRole, type RiskRules } from '@app/contracts';
import type { Harness, TestUser } from './harness.ts';

/*
 * Issue 18: drives the venture service's read models as the organization service does, by publishing its
 * events on the bus, and waits until the consumer applied each one.
 */

export interface TestOrganization {
  id: string;
  slug: string;
  name: string;
}

export interface TestProgram {
  id: string;
  organizationId: string;
  name: string;
}

const hex24 = () => randomBytes(12).toString('hex');

export function personOf(user: TestUser) {
  return { userId: user.id, email: user.username, displayName: user.username };
}

export function institutions(h: Harness) {
  async function publish<T extends EventType>(
    type: T,
    data: EventData<T>,
    occurredAt: Date = h.ctx.clock(),
  ): Promise<EventEnvelope<T>> {
    const event = createEvent(type, data, {
      producer: 'organization',
      correlationId: 'test-org',
      occurredAt,
    });
    await h.bus.publish([event as EventEnvelope]);
    await h.eventually(() => h.ctx.institutions.wasApplied(event.id));
    return event;
  }

  async function organization(
    plan: OrganizationPlan = 'free',
    name = 'Harbour Accelerator',
  ): Promise<TestOrganization> {
    const id = hex24();
    const slug = `org-${id.slice(0, 10)}`;
    await publish('organization.updated', { organizationId: id, slug, name, plan, isActive: true });
    return { id, slug, name };
  }

  async function member(org: { id: string }, user: TestUser, role: OrgRole | null): Promise<void> {
    await publish('organization.member_changed', {
      organizationId: org.id,
      member: personOf(user),
      role,
      actor: null,
    });
  }

  async function program(
    org: { id: string },
    options: {
      name?: string;
      startDate?: string;
      endDate?: string;
      riskRules?: RiskRules;
      /** Issue 18: the organization template version it pins. */
      templateVersion?: number | null;
      /** Republishes an existing program (its id) with these values. */
      id?: string;
    } = {},
  ): Promise<TestProgram> {
    const id = options.id ?? hex24();
    const name = options.name ?? 'Spring cohort';
    await publish('program.changed', {
      programId: id,
      organizationId: org.id,
      name,
      startDate: options.startDate ?? '2026-01-01',
      endDate: options.endDate ?? '2027-12-31',
      templateVersion: options.templateVersion ?? null,
      riskRules: options.riskRules ?? { ...DEFAULT_RISK_RULES },
      registrationOpen: true,
      archived: false,
    });
    return { id, organizationId: org.id, name };
  }

  async function enrol(
    program: TestProgram,
    founder: TestUser,
  ): Promise<EventEnvelope<'program.founder_enrolled'>> {
    await member({ id: program.organizationId }, founder, 'founder');
    return publish('program.founder_enrolled', {
      programId: program.id,
      organizationId: program.organizationId,
      founder: personOf(founder),
    });
  }

  return { publish, organization, member, program, enrol };
}
