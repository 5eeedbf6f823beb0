import { Schema, type Connection, type Model } from 'mongoose';

/** A master task template. Its id is a number: the standard ones carry their guide's id (1–50). */
export interface TaskTemplateDocument {
  _id: number;
  title: string;
  description: string;
  category: string;
  createdAt: Date;
  /**
   * Issue 21: the fields (title, description, category) an administrator changed. The content seed never
   * overwrites them; absent on templates stored before issue 21 until the first start after it.
   */
  editedFields?: string[];
  /** Issue 18: the guide of a task an administrator added (the standard ones have theirs in the content). */
  guide?: { why: string; practices: string[]; proTip: string } | null;
}

export const taskTemplateSchema = new Schema<TaskTemplateDocument>(
  {
    _id: { type: Number, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    category: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    editedFields: { type: [String], default: undefined },
    guide: {
      type: new Schema(
        {
          why: { type: String, required: true },
          practices: { type: [String], default: [] },
          proTip: { type: String, default: '' },
        },
        { _id: false, versionKey: false },
      ),
      default: undefined,
    },
  },
  { collection: 'task_templates', autoIndex: false, versionKey: false, strict: 'throw' },
);

/**
 * Small bookkeeping values of this service: `task-templates-seeded` (the standard templates went in once),
 * `task-template-id` (the last template id handed out; ids are never reused) and `task-template-revision`
 * (counts the changes to the templates, so each replica knows when the text it keeps is stale).
 */
export interface ServiceMarkDocument {
  _id: string;
  value: number;
}

export const serviceMarkSchema = new Schema<ServiceMarkDocument>(
  { _id: { type: String, required: true }, value: { type: Number, required: true } },
  { collection: 'service_marks', autoIndex: false, versionKey: false, strict: 'throw' },
);

export type TaskTemplateModel = Model<TaskTemplateDocument>;
export type ServiceMarkModel = Model<ServiceMarkDocument>;

export function taskTemplateModel(connection: Connection): TaskTemplateModel {
  return (
    (connection.models.TaskTemplate as TaskTemplateModel | undefined) ??
    connection.model<TaskTemplateDocument>('TaskTemplate', taskTemplateSchema)
  );
}

export function serviceMarkModel(connection: Connection): ServiceMarkModel {
  return (
    (connection.models.ServiceMark as ServiceMarkModel | undefined) ??
    connection.model<ServiceMarkDocument>('ServiceMark', serviceMarkSchema)
  );
}
