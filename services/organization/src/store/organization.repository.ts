import { afterCursor, NEWEST_FIRST, pageFilter, searchFilter, toPage } from '@app/common';
import mongoose, { isValidObjectId, Types } from 'mongoose';
import {
  SlugTakenError,
  type NewOrganization,
  type OrganizationChanges,
  type OrganizationRecord,
  type OrganizationRepository,
} from '../domain/organization.ts';
import type { OrganizationDocument, OrganizationModel } from './organization.model.ts';

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
    createdAt: doc.createdAt,
  };
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

async function rethrowDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isDuplicateKey(error)) throw new SlugTakenError();
    throw error;
  }
}

export function createOrganizationRepository(model: OrganizationModel): OrganizationRepository {
  return {
    isValidId: (id) => /^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id),

    async findById(id) {
      const doc = await model.findById(new Types.ObjectId(id)).lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async findBySlug(slug) {
      const doc = await model.findOne({ slug: String(slug) }).lean<OrganizationDocument>();
      return doc ? toRecord(doc) : null;
    },

    async listPage({ cursor, limit, q }) {
      const docs = await model
        .find(pageFilter(searchFilter(q, ['name']), afterCursor(cursor)))
        .sort(NEWEST_FIRST)
        .limit(limit + 1)
        .lean<OrganizationDocument[]>();
      return toPage(docs.map(toRecord), limit, (org) => org);
    },

    async findByIds(ids) {
      if (ids.length === 0) return [];
      const docs = await model
        .find({ _id: mongoose.trusted({ $in: ids.map((id) => new Types.ObjectId(id)) }) })
        .lean<OrganizationDocument[]>();
      return docs.map(toRecord);
    },

    async create(organization: NewOrganization) {
      const doc = await rethrowDuplicate(model.create({ ...organization }));
      return toRecord(doc.toObject());
    },

    async update(id: string, changes: OrganizationChanges) {
      const doc = await rethrowDuplicate(
        model
          .findByIdAndUpdate(new Types.ObjectId(id), { $set: { ...changes } }, { returnDocument: 'after' })
          .lean<OrganizationDocument>(),
      );
      return doc ? toRecord(doc) : null;
    },

    async remove(id) {
      const result = await model.deleteOne({ _id: new Types.ObjectId(id) });
      return result.deletedCount === 1;
    },
  };
}
