import { CUSTOM_TASK_ID_MIN, type TemplateChanges } from '@app/contracts';
import type { OrgTemplateStore, StoredTemplateTask, TemplateVersionRecord } from '../domain/org-templates.ts';
import type { OrgTemplateModels, OrgTemplateVersionDocument } from './org-template.model.ts';
import type { ServiceMarkModel } from './task-template.model.ts';

const LAST_CUSTOM_ID = 'org-task-id';

const plainTasks = (tasks: readonly StoredTemplateTask[]): StoredTemplateTask[] =>
  tasks.map((task) => ({
    key: task.key,
    taskId: task.taskId,
    category: task.category,
    title: task.title ?? null,
    description: task.description ?? null,
    hidden: task.hidden,
    guide: task.guide
      ? {
          why: task.guide.why ?? '',
          practices: [...(task.guide.practices ?? [])],
          proTip: task.guide.proTip ?? '',
          localResources: task.guide.localResources ?? '',
        }
      : null,
  }));

function toVersion(doc: OrgTemplateVersionDocument): TemplateVersionRecord {
  return {
    organizationId: doc.organizationId,
    version: doc.version,
    tasks: plainTasks(doc.tasks),
    publishedAt: doc.publishedAt,
    publishedBy: { userId: doc.publishedBy.userId, displayName: doc.publishedBy.displayName },
    changes: doc.changes as unknown as TemplateChanges,
  };
}

export function createOrgTemplateRepository(
  models: OrgTemplateModels,
  marks: ServiceMarkModel,
  options: { onEventsWritten?: () => void } = {},
): OrgTemplateStore {
  const { OrgTemplateDraft, OrgTemplateVersion } = models;
  // Versions never change once written: every reader of a roadmap can share them.
  const versions = new Map<string, TemplateVersionRecord>();
  const versionProjection = { outbox: 0 } as const;

  return {
    async draftOf(organizationId) {
      const doc = await OrgTemplateDraft.findOne({ _id: String(organizationId) }).lean();
      return doc ? { tasks: plainTasks(doc.tasks), updatedAt: doc.updatedAt } : null;
    },

    async saveDraft(organizationId, draft) {
      await OrgTemplateDraft.updateOne(
        { _id: String(organizationId) },
        { $set: { tasks: draft.tasks, updatedAt: draft.updatedAt } },
        { upsert: true },
      );
    },

    async versionsOf(organizationId) {
      const docs = await OrgTemplateVersion.find(
        { organizationId: String(organizationId) },
        versionProjection,
      )
        .sort({ version: 1 })
        .lean<OrgTemplateVersionDocument[]>();
      return docs.map(toVersion);
    },

    async version(organizationId, version) {
      const id = `${organizationId}:${version}`;
      const cached = versions.get(id);
      if (cached) return cached;
      const doc = await OrgTemplateVersion.findOne(
        { _id: id },
        versionProjection,
      ).lean<OrgTemplateVersionDocument>();
      if (!doc) return null;
      const record = toVersion(doc);
      versions.set(id, record);
      return record;
    },

    async publish(version, events) {
      try {
        await OrgTemplateVersion.create({
          _id: `${version.organizationId}:${version.version}`,
          organizationId: version.organizationId,
          version: version.version,
          tasks: version.tasks,
          publishedAt: version.publishedAt,
          publishedBy: version.publishedBy,
          changes: version.changes,
          outbox: events,
        });
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 11000) return false;
        throw error;
      }
      if (events.length > 0) options.onEventsWritten?.();
      return true;
    },

    async allocateTaskIds(count) {
      await marks.updateOne(
        { _id: LAST_CUSTOM_ID },
        { $max: { value: CUSTOM_TASK_ID_MIN - 1 } },
        { upsert: true },
      );
      const mark = await marks
        .findOneAndUpdate(
          { _id: LAST_CUSTOM_ID },
          { $inc: { value: count } },
          { returnDocument: 'after', upsert: true },
        )
        .lean<{ value: number }>();
      const last = mark!.value;
      return Array.from({ length: count }, (_, index) => last - count + 1 + index);
    },
  };
}
