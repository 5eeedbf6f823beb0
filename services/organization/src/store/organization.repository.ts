import {
  afterCursor,
  NEWEST_FIRST,
  notDeleted,
  pageFilter,
  searchFilter,
  toPage,
  type EventEnvelope,
} from '@app/common';
import { DEFAULT_RISK_RULES } from '@app/contracts';
import mongoose, { isValidObjectId, Types } from 'mongoose';
import {
  SlugTakenError,
  type AuditRecord,
  type NewOrganization,
  type OrganizationRecord,
  type OrganizationRepository,
  type OutboxEvent,
  type WorkspaceChanges,
} from '../domain/organization.ts';
import { DomainTakenError, whiteLabelOf } from '../domain/white-label.ts';
import type { OrganizationDocument, OrganizationModel, PendingAuditDocument } from './organization.model.ts';

function toRecord(doc: OrganizationDocument): OrganizationRecord {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    logoUrl: doc.logoUrl ?? null,
    primaryColor: doc.primaryColor,
    secondaryColor: doc.secondaryColor,
    description: doc.description ?? null,
    isActive: doc.isActive !== false,
    plan: doc.plan ?? 'free',
    ...whiteLabelOf(doc),
    members: (doc.members ?? []).map((m) => ({ ...m })),
    invitations: (doc.invitations ?? []).map((i) => ({
      ...i,
      programId: i.programId ?? null,
      invitedBy: { ...i.invitedBy },
    })),
    programs: (doc.programs ?? []).map((p) => ({
      ...p,
      templateVersion: p.templateVersion ?? null,
      riskRules: { ...DEFAULT_RISK_RULES, ...p.riskRules },
      registrationOpen: p.registrationOpen === true,
      archived: p.archived === true,
    })),
    invitationSends: [...(doc.invitationSends ?? [])],
    sso: doc.sso
      ? {
          ...doc.sso,
          clientId: doc.sso.clientId ?? '',
          domains: [...doc.sso.domains],
          saml: doc.sso.saml
            ? {
                ssoUrl: doc.sso.saml.ssoUrl,
                certificates: [...doc.sso.saml.certificates],
                metadataUrl: doc.sso.saml.metadataUrl ?? null,
              }
            : null,
        }
      : null,
    revision: doc.revision ?? 0,
    createdAt: doc.createdAt,
  };
}

function toPendingAudit(entry: AuditRecord): PendingAuditDocument {
  return { ...entry, actor: { ...entry.actor }, details: { ...entry.details } };
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

async function rethrowDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isDuplicateKey(error)) {
      // Issue 19: two unique indexes; the error names the one that refused.
      const keys = (error as { keyPattern?: Record<string, unknown> }).keyPattern ?? {};
      if ('customDomain' in keys) throw new DomainTakenError();
      throw new SlugTakenError();
    }
    throw error;
  }
}

const LIST_PROJECTION = {
  members: 0,
  invitations: 0,
  programs: 0,
  invitationSends: 0,
  auditPending: 0,
  outbox: 0,
  sso: 0,
} as const;

export interface OrganizationRepositoryOptions {
  /** Called after a write that put events into the outbox, so the relay publishes them without waiting. */
  onEventsWritten?: () => void;
}

export function createOrganizationRepository(
  model: OrganizationModel,
  options: OrganizationRepositoryOptions = {},
): OrganizationRepository {
  const written = (events: readonly EventEnvelope[]) => {
    if (events.length > 0) options.onEventsWritten?.();
  };
  const live = (filter: Record<string, unknown>) => ({ ...filter, ...notDeleted });

  return {
    isValidId: (id) => /^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id),
    newId: () => new Types.ObjectId().toHexString(),

    async findById(id) {
      const doc = await model.findOne(live({ _id: new Types.ObjectId(id) })).lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async findBySsoDomain(domain) {
      const doc = await model.findOne(live({ 'sso.domains': String(domain) })).lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async listWithSso() {
      const docs = await model
        .find(live({ sso: mongoose.trusted({ $ne: null }) }))
        .lean<OrganizationDocument[]>();
      return docs.map(toRecord);
    },

    async findBySlug(slug) {
      const doc = await model.findOne(live({ slug: String(slug) })).lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async findByCustomDomain(host) {
      const doc = await model.findOne(live({ customDomain: String(host) })).lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async listBrandUnsynced(limit) {
      const docs = await model
        .find(live({ brandSyncedAt: mongoose.trusted({ $exists: false }) }))
        .sort({ _id: 1 })
        .limit(limit)
        .lean<OrganizationDocument[]>();
      return docs.map(toRecord);
    },

    async listByMember(userId) {
      const docs = await model
        .find(live({ 'members.userId': String(userId) }))
        .lean<OrganizationDocument[]>();
      return docs.map(toRecord);
    },

    async findByInvitationTokenHash(tokenHash) {
      const doc = await model
        .findOne(live({ 'invitations.tokenHash': String(tokenHash) }))
        .lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async list() {
      // The lists (admin dashboard, read model) need the organizations' own fields only, not their members.
      const docs = await model
        .find(live({}), LIST_PROJECTION)
        .sort({ createdAt: 1, _id: 1 })
        .lean<OrganizationDocument[]>();
      return docs.map(toRecord);
    },

    async listPage({ cursor, limit, q }) {
      const docs = await model
        .find(live(pageFilter(searchFilter(q, ['name']), afterCursor(cursor))), LIST_PROJECTION)
        .sort(NEWEST_FIRST)
        .limit(limit + 1)
        .lean<OrganizationDocument[]>();
      return toPage(docs.map(toRecord), limit, (org) => org);
    },

    async findByIds(ids) {
      if (ids.length === 0) return [];
      const docs = await model
        .find(
          live({ _id: mongoose.trusted({ $in: ids.map((id) => new Types.ObjectId(id)) }) }),
          LIST_PROJECTION,
        )
        .lean<OrganizationDocument[]>();
      return docs.map(toRecord);
    },

    async create(id: string, organization: NewOrganization, events: OutboxEvent[]) {
      const doc = await rethrowDuplicate(
        // Its `organization.updated` carries the brand: nothing to backfill for it (issue 19).
        model.create({
          _id: new Types.ObjectId(id),
          ...organization,
          brandSyncedAt: new Date(),
          outbox: events,
        }),
      );
      written(events);
      return toRecord(doc.toObject());
    },

    async commit(id, revision, changes: WorkspaceChanges, { events, audit = [] }) {
      // Organizations from before issue 18 have no revision yet: revision 0 is "none" as well.
      const atRevision =
        revision === 0
          ? { $or: [{ revision: 0 }, { revision: mongoose.trusted({ $exists: false }) }] }
          : { revision };
      const push: Record<string, unknown> = {};
      if (events.length > 0) push.outbox = { $each: events };
      if (audit.length > 0) push.auditPending = { $each: audit.map(toPendingAudit) };
      const result = await rethrowDuplicate(
        model.updateOne(live({ _id: new Types.ObjectId(id), ...atRevision }), {
          $set: { ...changes, revision: revision + 1 },
          ...(Object.keys(push).length > 0 ? { $push: push } : {}),
        }),
      );
      const done = result.matchedCount > 0;
      if (done) written(events);
      return done;
    },

    async markDeleted(id, events) {
      const result = await model.updateOne(live({ _id: new Types.ObjectId(id) }), {
        $set: { deletedAt: new Date() },
        $push: { outbox: { $each: events } },
      });
      const done = result.matchedCount > 0;
      if (done) written(events);
      return done;
    },
  };
}
