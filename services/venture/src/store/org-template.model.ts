import { outboxPlugin, type EventEnvelope } from '@app/common';
import { Schema, type Connection, type Model } from 'mongoose';
import type { StoredTemplateTask } from '../domain/org-templates.ts';

/** Issue 18: an organization's template draft (one per organization). */
export interface OrgTemplateDraftDocument {
  /** The organization id. */
  _id: string;
  tasks: StoredTemplateTask[];
  updatedAt: Date;
}

/** A published version: written once, never changed. */
export interface OrgTemplateVersionDocument {
  /** `<organizationId>:<version>`: a second publication of the same number fails on the key. */
  _id: string;
  organizationId: string;
  version: number;
  tasks: StoredTemplateTask[];
  publishedAt: Date;
  publishedBy: { userId: string; displayName: string };
  changes: Record<string, unknown>;
  outbox: EventEnvelope[];
}

const guideSchema = new Schema(
  {
    why: { type: String, default: '' },
    practices: { type: [String], default: [] },
    proTip: { type: String, default: '' },
    localResources: { type: String, default: '' },
  },
  { _id: false, versionKey: false },
);

const taskSchema = new Schema<StoredTemplateTask>(
  {
    key: { type: String, required: true },
    taskId: { type: Number, required: true },
    category: { type: String, required: true },
    title: { type: String, default: null },
    description: { type: String, default: null },
    hidden: { type: Boolean, required: true },
    guide: { type: guideSchema, default: null },
  },
  { _id: false, versionKey: false },
);

const draftSchema = new Schema<OrgTemplateDraftDocument>(
  {
    _id: { type: String, required: true },
    tasks: { type: [taskSchema], default: [] },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'org_template_drafts', autoIndex: false, versionKey: false, strict: 'throw' },
);

const versionSchema = new Schema<OrgTemplateVersionDocument>(
  {
    _id: { type: String, required: true },
    organizationId: { type: String, required: true },
    version: { type: Number, required: true },
    tasks: { type: [taskSchema], default: [] },
    publishedAt: { type: Date, required: true },
    publishedBy: {
      userId: { type: String, required: true },
      displayName: { type: String, required: true },
    },
    changes: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'org_template_versions', autoIndex: false, versionKey: false, strict: 'throw' },
);
// The editor's list of versions.
versionSchema.index({ organizationId: 1, version: 1 });
outboxPlugin(versionSchema);

export interface OrgTemplateModels {
  OrgTemplateDraft: Model<OrgTemplateDraftDocument>;
  OrgTemplateVersion: Model<OrgTemplateVersionDocument>;
}

function modelOf<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

export function orgTemplateModels(connection: Connection): OrgTemplateModels {
  return {
    OrgTemplateDraft: modelOf(connection, 'OrgTemplateDraft', draftSchema),
    OrgTemplateVersion: modelOf(connection, 'OrgTemplateVersion', versionSchema),
  };
}
