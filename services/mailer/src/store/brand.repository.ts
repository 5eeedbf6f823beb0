import mongoose from 'mongoose';
import type { BrandDirectory, MailBrand } from '../domain/brand.ts';
import type {
  BrandMemberDocument,
  BrandMemberModel,
  BrandOrganizationDocument,
  BrandOrganizationModel,
} from './brand.model.ts';

/** An upsert that found a newer (or as new) copy collides on `_id`: nothing to do then. */
async function unlessNewer(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if ((err as { code?: unknown })?.code !== 11000) throw err;
  }
}

function toBrand(doc: BrandOrganizationDocument): MailBrand | null {
  if (!doc.brand || doc.deleted || !doc.isActive) return null;
  return { organizationId: doc._id, ...doc.brand };
}

export function createBrandRepository(models: {
  organizations: BrandOrganizationModel;
  members: BrandMemberModel;
}): BrandDirectory {
  const { organizations, members } = models;
  const olderThan = (at: Date) => ({ asOf: mongoose.trusted({ $lt: at }) });
  return {
    async applyOrganization(data, at) {
      await unlessNewer(
        organizations.updateOne(
          { _id: String(data.organizationId), deleted: false, ...olderThan(at) },
          { $set: { isActive: data.isActive, brand: data.brand ?? null, asOf: at } },
          { upsert: true },
        ),
      );
    },
    async removeOrganization(organizationId, at) {
      await organizations.updateOne(
        { _id: String(organizationId) },
        { $set: { deleted: true, brand: null, asOf: at }, $setOnInsert: { isActive: false } },
        { upsert: true },
      );
    },
    async applyMembership({ organizationId, userId, email, member }, at) {
      await unlessNewer(
        members.updateOne(
          { _id: `${organizationId}:${userId}`, ...olderThan(at) },
          {
            $set: { organizationId, userId, email, member, asOf: at },
            $setOnInsert: { joinedAt: at },
          },
          { upsert: true },
        ),
      );
    },
    async ofOrganization(organizationId) {
      const doc = await organizations.findById(String(organizationId)).lean<BrandOrganizationDocument>();
      return doc ? toBrand(doc) : null;
    },
    async ofRecipients(addresses) {
      const wanted = [...new Set(addresses.map((a) => String(a).toLowerCase()))];
      if (wanted.length === 0) return new Map();
      const rows = await members
        .find({ email: mongoose.trusted({ $in: wanted }), member: true })
        .lean<BrandMemberDocument[]>();
      if (rows.length === 0) return new Map();
      const orgs = await organizations
        .find({ _id: mongoose.trusted({ $in: [...new Set(rows.map((r) => r.organizationId))] }) })
        .lean<BrandOrganizationDocument[]>();
      const brands = new Map(orgs.map((o) => [o._id, toBrand(o)]));
      // Newest membership first: the first branded one per address wins.
      rows.sort((a, b) => b.joinedAt.getTime() - a.joinedAt.getTime());
      const result = new Map<string, MailBrand>();
      for (const row of rows) {
        const brand = brands.get(row.organizationId);
        if (brand && !result.has(row.email)) result.set(row.email, brand);
      }
      return result;
    },
  };
}
