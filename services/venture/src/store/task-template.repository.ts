import type { TaskTemplateRecord, TaskTemplateRepository } from '../domain/venture.ts';
import type { ServiceMarkModel, TaskTemplateModel } from './task-template.model.ts';

const SEEDED = 'task-templates-seeded';
const LAST_ID = 'task-template-id';

interface StoredTemplate {
  _id: number;
  title: string;
  description?: string;
  category?: string;
  createdAt: Date;
}

function toRecord(doc: StoredTemplate): TaskTemplateRecord {
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description ?? '',
    category: doc.category ?? '',
    createdAt: doc.createdAt,
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
      return toRecord(doc.toObject());
    },

    async update(id, changes) {
      const doc = await model
        .findOneAndUpdate({ _id: Number(id) }, { $set: changes }, { returnDocument: 'after' })
        .lean<StoredTemplate>();
      return doc ? toRecord(doc) : null;
    },

    async delete(id) {
      const result = await model.deleteOne({ _id: Number(id) });
      return result.deletedCount > 0;
    },

    async seedOnce(templates, now) {
      if (await marks.exists({ _id: SEEDED })) return 0;
      // Upserts that only ever insert: a crash half-way is finished by the next start, and two replicas
      // starting together insert each template once.
      let inserted = 0;
      for (const template of templates) {
        const result = await model.updateOne(
          { _id: template.id },
          {
            $setOnInsert: {
              title: template.title,
              description: template.description,
              category: template.category,
              createdAt: now,
            },
          },
          { upsert: true },
        );
        inserted += result.upsertedCount;
      }
      await marks.updateOne({ _id: SEEDED }, { $max: { value: templates.length } }, { upsert: true });
      return inserted;
    },
  };
}
