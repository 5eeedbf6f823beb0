import mongoose from 'mongoose';
import {
  TEMPLATE_CONTENT_FIELDS,
  type TaskTemplateRecord,
  type TaskTemplateRepository,
  type TemplateContentField,
  type TaskText,
} from '../domain/venture.ts';
import type { ServiceMarkModel, TaskTemplateModel } from './task-template.model.ts';

const SEEDED = 'task-templates-seeded';
const LAST_ID = 'task-template-id';
/**
 * Bumped after every change to the templates (by any replica): the text cache below is good while it holds.
 * Writers change the templates first and bump after; readers read the revision first and the text after, so
 * text read under a revision is never older than that revision.
 */
const REVISION = 'task-template-revision';

interface StoredTemplate {
  _id: number;
  title: string;
  description?: string;
  category?: string;
  createdAt: Date;
  editedFields?: string[];
  guide?: { why: string; practices: string[]; proTip: string } | null;
}

const valueOf = (doc: StoredTemplate, field: TemplateContentField): string => doc[field] ?? '';

function toRecord(doc: StoredTemplate): TaskTemplateRecord {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description ?? '',
    category: doc.category ?? '',
    createdAt: doc.createdAt,
    guide: doc.guide
      ? { why: doc.guide.why, practices: [...(doc.guide.practices ?? [])], proTip: doc.guide.proTip ?? '' }
      : null,
  };
}

export function createTaskTemplateRepository(
  model: TaskTemplateModel,
  marks: ServiceMarkModel,
  clock: () => Date = () => new Date(),
): TaskTemplateRepository {
  /** Never below the highest id in use, so a hand-inserted template cannot collide. */
  async function nextId(): Promise<number> {
    const highest = await model.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>();
    await marks.updateOne({ _id: LAST_ID }, { $max: { value: highest?._id ?? 0 } }, { upsert: true });
    const mark = await marks
      .findOneAndUpdate({ _id: LAST_ID }, { $inc: { value: 1 } }, { returnDocument: 'after', upsert: true })
      .lean<{ value: number }>();
    return mark!.value;
  }

  /*
   * Every roadmap read names its tasks from the templates' current text (issue 21). Reading all 50 templates
   * for each read was most of its database work and garbage; the text now comes from the last read while the
   * revision is unchanged, which costs one small lookup. Callers only read the map.
   */
  let cachedText: { revision: number; byId: Promise<TaskText> } | null = null;

  async function revision(): Promise<number> {
    const mark = await marks.findOne({ _id: REVISION }, { _id: 0, value: 1 }).lean<{ value: number }>();
    return mark?.value ?? 0;
  }

  async function bumpRevision(): Promise<void> {
    // This replica forgets its text at once, even should the bump itself fail after the change was written.
    cachedText = null;
    await marks.updateOne({ _id: REVISION }, { $inc: { value: 1 } }, { upsert: true });
  }

  async function readText(): Promise<TaskText> {
    const docs = await model
      .find({}, { _id: 1, title: 1, description: 1 })
      .lean<Array<Pick<StoredTemplate, '_id' | 'title' | 'description'>>>();
    return new Map(docs.map((doc) => [doc._id, { title: doc.title, description: doc.description ?? '' }]));
  }

  return {
    async list() {
      const docs = await model.find({}).sort({ _id: 1 }).lean<StoredTemplate[]>();
      return docs.map(toRecord);
    },

    async findById(id) {
      const doc = await model.findOne({ _id: Number(id) }).lean<StoredTemplate>();
      return doc ? toRecord(doc) : null;
    },

    async create(template) {
      const doc = await model.create({ _id: await nextId(), ...template, createdAt: clock() });
      await bumpRevision();
      return toRecord(doc.toObject());
    },

    async update(id, changes) {
      const current = await model.findOne({ _id: Number(id) }).lean<StoredTemplate>();
      if (!current) return null;
      // Issue 21: remember what the administrator really changed, so the content seed leaves it alone.
      const changed = TEMPLATE_CONTENT_FIELDS.filter(
        (field) => changes[field] !== undefined && changes[field] !== valueOf(current, field),
      );
      const { guide, ...text } = changes;
      const doc = await model
        .findOneAndUpdate(
          { _id: Number(id) },
          {
            $set: { ...text, ...(guide !== undefined ? { guide } : {}) },
            ...(changed.length > 0 ? { $addToSet: { editedFields: { $each: changed } } } : {}),
          },
          { returnDocument: 'after' },
        )
        .lean<StoredTemplate>();
      await bumpRevision();
      return doc ? toRecord(doc) : null;
    },

    async textById() {
      const current = await revision();
      if (cachedText?.revision !== current) {
        const byId = readText();
        cachedText = { revision: current, byId };
        // A failed read is not kept: the next call tries again.
        byId.catch(() => {
          if (cachedText?.byId === byId) cachedText = null;
        });
      }
      return cachedText.byId;
    },

    async delete(id) {
      const result = await model.deleteOne({ _id: Number(id) });
      if (result.deletedCount > 0) await bumpRevision();
      return result.deletedCount > 0;
    },

    async syncStandard(templates, now) {
      const firstTime = !(await marks.exists({ _id: SEEDED }));
      const stored = new Map(
        (
          await model
            .find({ _id: mongoose.trusted({ $in: templates.map((template) => template.id) }) })
            .lean<StoredTemplate[]>()
        ).map((doc) => [doc._id, doc]),
      );
      let inserted = 0;
      let updated = 0;
      for (const template of templates) {
        const doc = stored.get(template.id);
        if (!doc) {
          // Only the first time: afterwards a missing standard template is one an administrator deleted.
          if (!firstTime) continue;
          // An upsert that only ever inserts: a crash half-way is finished by the next start, and two
          // replicas starting together insert each template once.
          const result = await model.updateOne(
            { _id: template.id },
            {
              $setOnInsert: {
                title: template.title,
                description: template.description,
                category: template.category,
                createdAt: now,
                editedFields: [],
              },
            },
            { upsert: true },
          );
          inserted += result.upsertedCount;
          continue;
        }
        if (doc.editedFields === undefined) {
          // Stored before issue 21, which left the guides' text as it was: what differs from the content
          // now is an administrator's edit.
          const edited = TEMPLATE_CONTENT_FIELDS.filter((field) => valueOf(doc, field) !== template[field]);
          await model.updateOne(
            { _id: template.id, editedFields: mongoose.trusted({ $exists: false }) },
            { $set: { editedFields: edited } },
          );
          continue;
        }
        const edited = new Set(doc.editedFields);
        const stale = TEMPLATE_CONTENT_FIELDS.filter(
          (field) => !edited.has(field) && valueOf(doc, field) !== template[field],
        );
        if (stale.length === 0) continue;
        // Conditional on the administrator still not having edited these fields meanwhile.
        const result = await model.updateOne(
          { _id: template.id, editedFields: mongoose.trusted({ $nin: stale }) },
          { $set: Object.fromEntries(stale.map((field) => [field, template[field]])) },
        );
        updated += result.modifiedCount;
      }
      await marks.updateOne({ _id: SEEDED }, { $max: { value: templates.length } }, { upsert: true });
      // Once per start: also picks up what was changed in the collection by hand since the last one.
      await bumpRevision();
      return { inserted, updated };
    },
  };
}
