import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectMongo, createLogger, syncIndexes, type MongoHandle } from '@app/common';
import { startTestMongo, type TestMongo } from '@app/testing';
import { Types } from 'mongoose';
import type { OrganizationContext } from '../src/domain/organization.ts';
import { publishBrandBackfill } from '../src/domain/white-label.ts';
import { organizationModel, type OrganizationModel } from '../src/store/organization.model.ts';
import { createOrganizationRepository } from '../src/store/organization.repository.ts';

/*
 * Issue 19: organizations from before white label publish, once, their brand and their members for the
 * mailer's read model (real database, the real repository).
 */
describe('the brand backfill at start (issue 19)', () => {
  let testMongo: TestMongo;
  let mongo: MongoHandle;
  let model: OrganizationModel;
  let ctx: OrganizationContext;

  beforeAll(async () => {
    testMongo = await startTestMongo();
    const logger = createLogger({ name: 'brand-backfill-test', level: 'silent' });
    mongo = await connectMongo({
      url: testMongo.url,
      dbName: testMongo.uniqueDbName('org_backfill'),
      logger,
    });
    model = organizationModel(mongo.connection);
    await syncIndexes(mongo.connection);
    ctx = {
      organizations: createOrganizationRepository(model),
      clock: () => new Date('2027-03-01T09:00:00.000Z'),
    } as unknown as OrganizationContext;
  }, 60_000);

  afterAll(async () => {
    await mongo?.close();
    await testMongo?.stop();
  }, 60_000);

  /** An organization as stored before issue 19: no white-label fields, no backfill mark. */
  async function legacyOrganization(slug: string) {
    const _id = new Types.ObjectId();
    await model.collection.insertOne({
      _id,
      name: `Legacy ${slug}`,
      slug,
      logoUrl: 'https://cdn.example/logo.png',
      primaryColor: '#7C2D12',
      secondaryColor: '#3B82F6',
      description: null,
      isActive: true,
      members: [
        {
          userId: 'u-1',
          email: 'admin@example.test',
          displayName: 'Admin',
          role: 'orgAdmin',
          joinedAt: new Date(),
        },
        {
          userId: 'u-2',
          email: 'founder@example.test',
          displayName: 'Founder',
          role: 'founder',
          joinedAt: new Date(),
        },
      ],
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    return String(_id);
  }

  const outboxOf = async (id: string) =>
    ((await model.findById(id).lean())?.outbox ?? []) as Array<{
      type: string;
      data: Record<string, unknown>;
    }>;

  it('when an organization from before issue 19 exists, then its brand and each member are published once, and never again', async () => {
    const id = await legacyOrganization('legacy-one');
    const created = await ctx.organizations.create(
      ctx.organizations.newId(),
      {
        name: 'New One',
        slug: 'new-one',
        logoUrl: null,
        primaryColor: '#0F172A',
        secondaryColor: '#3B82F6',
        description: null,
        isActive: true,
        plan: 'free',
        displayName: null,
        faviconUrl: null,
        replyToEmail: null,
        supportUrl: null,
        termsUrl: null,
        privacyUrl: null,
        customDomain: null,
      },
      [],
    );

    expect(await publishBrandBackfill(ctx, { correlationId: 'test' })).toBe(1);
    const events = await outboxOf(id);
    expect(events.map((e) => e.type)).toEqual([
      'organization.updated',
      'organization.member_changed',
      'organization.member_changed',
    ]);
    expect(events[0]!.data.brand).toEqual({
      name: 'Legacy legacy-one',
      logoUrl: 'https://cdn.example/logo.png',
      primaryColor: '#7C2D12',
      replyToEmail: null,
      customDomain: null,
    });
    expect(
      events.slice(1).map((e) => [(e.data.member as { userId: string }).userId, e.data.role, e.data.actor]),
    ).toEqual([
      ['u-1', 'orgAdmin', null],
      ['u-2', 'founder', null],
    ]);
    // An organization created since issue 19 published its brand with its creation: nothing for it.
    expect(await outboxOf(created.id)).toEqual([]);

    expect(await publishBrandBackfill(ctx, { correlationId: 'test' })).toBe(0);
    expect(await outboxOf(id)).toHaveLength(3);
  });

  it('when a member changes while the backfill reads, then its write loses the race and it reads again (never an older picture)', async () => {
    const id = await legacyOrganization('legacy-two');
    const repository = ctx.organizations;
    let raced = false;
    const racing: OrganizationContext = {
      ...ctx,
      organizations: {
        ...repository,
        async listBrandUnsynced(limit: number) {
          const found = await repository.listBrandUnsynced(limit);
          if (!raced) {
            raced = true;
            // Someone promotes the founder between the read and the write.
            await model.updateOne(
              { _id: new Types.ObjectId(id) },
              { $set: { 'members.1.role': 'mentor', revision: 1 } },
            );
          }
          return found;
        },
      },
    };
    expect(await publishBrandBackfill(racing, { correlationId: 'test' })).toBe(1);
    const roles = (await outboxOf(id))
      .filter((e) => e.type === 'organization.member_changed')
      .map((e) => e.data.role);
    expect(roles).toEqual(['orgAdmin', 'mentor']);
  });
});
