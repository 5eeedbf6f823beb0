import { afterCursor, NEWEST_FIRST, notDeleted, pageFilter, searchFilter, toPage } from '@app/common';
import { DEFAULT_TIME_ZONE, REMINDER_KINDS, type VentureRole } from '@app/contracts';
import mongoose, { isValidObjectId, Types } from 'mongoose';
import type {
  InvitationRecord,
  MemberRecord,
  NewVenture,
  OutboxEvent,
  ReminderCandidate,
  TaskText,
  VentureOverviewRecord,
  VentureTemplateRef,
  VentureRecord,
  VentureRepository,
  VentureStats,
  VentureTaskRecord,
} from '../domain/venture.ts';
import { orderMembers } from '../domain/venture.ts';
import type { VentureDocument, VentureModel } from './venture.model.ts';

/** Reads never load the outbox (it can hold events waiting for the broker). */
const PUBLIC_PROJECTION = { outbox: 0, parkedTasks: 0 } as const;
/**
 * What a read asks for first: the tasks without the copies of their titles and descriptions, half of a
 * roadmap's stored bytes, which only a task whose template is gone needs (`toRecord`); `recordOf` reads them
 * again when one is. The category stays: the templates' current text does not carry it.
 */
const READ_PROJECTION = { ...PUBLIC_PROJECTION, 'tasks.title': 0, 'tasks.description': 0 } as const;

type StoredVenture = Omit<VentureDocument, 'outbox'>;

const WORKERS: VentureRole[] = ['editor', 'owner'];

const NO_TEXT: TaskText = new Map();

/**
 * Issue 21: a task shows its template's current title and description; the copy stored with the venture is
 * the fallback for a task whose template no longer exists.
 */
function toRecord(doc: StoredVenture, text: TaskText = NO_TEXT): VentureRecord {
  const tasks = (doc.tasks ?? []).map((task) => ({
    id: String(task._id),
    taskId: task.taskId,
    // '' only from a template version whose standard task was deleted since: the stored copy names it.
    title: text.get(task.taskId)?.title || task.title,
    description: text.get(task.taskId)?.title ? text.get(task.taskId)!.description : (task.description ?? ''),
    category: text.get(task.taskId)?.category ?? task.category,
    status: task.status,
    assigneeId: task.assigneeId ?? null,
    startDate: task.startDate ?? null,
    dueDate: task.dueDate ?? null,
    completedAt: task.completedAt ?? null,
    prerequisiteIds: (task.prerequisiteIds ?? []).map(String),
    remindedFor: { ...(task.remindedFor ?? {}) },
    statusChangedAt: task.statusChangedAt ?? null,
    verifiedBy: task.verifiedBy ? { ...task.verifiedBy } : null,
    verifiedAt: task.verifiedAt ?? null,
  }));
  // Stored in template order already; sorting keeps the roadmap order whatever wrote the document. Issue
  // 18: a roadmap following an organization template version is in the version's order.
  const position = (taskId: number) => text.get(taskId)?.position ?? Number.MAX_SAFE_INTEGER;
  tasks.sort((a, b) => position(a.taskId) - position(b.taskId) || a.taskId - b.taskId);
  const members: MemberRecord[] =
    doc.members && doc.members.length > 0
      ? doc.members.map((m) => ({
          userId: m.userId,
          email: m.email,
          displayName: m.displayName,
          role: m.role,
          joinedAt: m.joinedAt,
        }))
      : // Not migrated yet (the startup migration runs before the service listens): the creator owns it.
        [creatorAsOwner(doc)];
  const invitations: InvitationRecord[] = (doc.invitations ?? []).map((i) => ({
    id: String(i._id),
    email: i.email,
    role: i.role,
    tokenHash: i.tokenHash,
    invitedBy: { userId: i.invitedBy.userId, displayName: i.invitedBy.displayName },
    sentAt: i.sentAt,
    expiresAt: i.expiresAt,
  }));
  return {
    id: String(doc._id),
    userId: doc.userId,
    ownerUsername: doc.ownerUsername ?? '',
    name: doc.name,
    blurb: doc.blurb ?? '',
    createdAt: doc.createdAt,
    timeZone: doc.timeZone ?? DEFAULT_TIME_ZONE,
    targetLaunchDate: doc.targetLaunchDate ?? null,
    tasks,
    members: orderMembers(members),
    invitations,
    template: doc.template
      ? { organizationId: doc.template.organizationId, version: doc.template.version }
      : null,
  };
}

/** Whether the templates' text names every task of `doc`, so that `toRecord` reads no stored title or description. */
function namedByTemplates(doc: Pick<StoredVenture, 'tasks'>, text: TaskText): boolean {
  return (doc.tasks ?? []).every((task) => Boolean(text.get(task.taskId)?.title));
}

/** What the reminder scan reads of a venture (never the outbox, invitations or descriptions). */
const REMINDER_PROJECTION = {
  name: 1,
  timeZone: 1,
  userId: 1,
  ownerUsername: 1,
  createdAt: 1,
  members: 1,
  'tasks._id': 1,
  'tasks.taskId': 1,
  'tasks.title': 1,
  'tasks.status': 1,
  'tasks.assigneeId': 1,
  'tasks.dueDate': 1,
  'tasks.remindedFor': 1,
  'tasks.nextReminderOn': 1,
  template: 1,
} as const;

type ReminderDocument = Pick<
  StoredVenture,
  '_id' | 'name' | 'timeZone' | 'userId' | 'ownerUsername' | 'createdAt' | 'members' | 'tasks' | 'template'
>;

function toReminderCandidate(doc: ReminderDocument, text: TaskText): ReminderCandidate {
  return {
    id: String(doc._id),
    name: doc.name,
    timeZone: doc.timeZone ?? DEFAULT_TIME_ZONE,
    members: orderMembers(
      doc.members && doc.members.length > 0
        ? doc.members.map((m) => ({
            userId: m.userId,
            email: m.email,
            displayName: m.displayName,
            role: m.role,
            joinedAt: m.joinedAt,
          }))
        : [creatorAsOwner(doc)],
    ),
    tasks: (doc.tasks ?? []).map((task) => {
      const remindedFor: ReminderCandidate['tasks'][number]['remindedFor'] = {};
      for (const kind of REMINDER_KINDS) {
        const sent = task.remindedFor?.[kind];
        if (typeof sent === 'string') remindedFor[kind] = sent;
      }
      return {
        id: String(task._id),
        taskId: task.taskId,
        title: text.get(task.taskId)?.title || task.title,
        status: task.status,
        assigneeId: task.assigneeId ?? null,
        dueDate: task.dueDate ?? null,
        remindedFor,
        nextReminderOn: task.nextReminderOn ?? null,
      };
    }),
  };
}

function creatorAsOwner(doc: Pick<StoredVenture, 'userId' | 'ownerUsername' | 'createdAt'>): MemberRecord {
  const email = doc.ownerUsername ?? '';
  return { userId: doc.userId, email, displayName: email, role: 'owner', joinedAt: doc.createdAt };
}

function pushEvents(events: OutboxEvent[]): { outbox?: { $each: OutboxEvent[] } } {
  return events.length > 0 ? { outbox: { $each: events } } : {};
}

export interface VentureRepositoryOptions {
  /** Called after a write that put events into an outbox, so the relay publishes them without waiting. */
  onEventsWritten?: () => void;
  /**
   * Issue 21: the templates' current titles and descriptions, read once per call that answers ventures.
   * Without it tasks show the copies stored with the venture.
   */
  taskText?: () => Promise<TaskText>;
  /**
   * Issue 18: the text, categories and order of an organization template version's tasks (null when the
   * version is unknown: the master text then).
   */
  templateText?: (template: VentureTemplateRef) => Promise<TaskText | null>;
}

export function createVentureRepository(
  model: VentureModel,
  options: VentureRepositoryOptions = {},
): VentureRepository {
  const written = (events: OutboxEvent[]): void => {
    if (events.length > 0) options.onEventsWritten?.();
  };
  const objectId = (id: string): Types.ObjectId => new Types.ObjectId(id);
  /** A new task as stored (a new venture's, or one a template update adds). */
  const taskDocumentOf = (task: VentureTaskRecord) => ({
    _id: objectId(task.id),
    taskId: task.taskId,
    title: task.title,
    description: task.description,
    category: task.category,
    status: task.status,
    assigneeId: task.assigneeId,
    startDate: task.startDate,
    dueDate: task.dueDate,
    completedAt: task.completedAt,
    prerequisiteIds: task.prerequisiteIds.map(objectId),
    nextReminderOn: null,
  });
  /** What `create` and `replaceCreatedBy` store for a new venture. */
  const documentOf = (venture: NewVenture, events: OutboxEvent[]) => ({
    _id: objectId(venture.id),
    userId: venture.userId,
    ownerUsername: venture.ownerUsername,
    name: venture.name,
    blurb: venture.blurb,
    tasks: venture.tasks.map(taskDocumentOf),
    timeZone: venture.timeZone,
    targetLaunchDate: venture.targetLaunchDate,
    members: venture.members,
    ...(venture.creationKey ? { creationKey: venture.creationKey } : {}),
    ...(venture.nameWindowKeys ? { nameWindowKeys: venture.nameWindowKeys } : {}),
    ...(venture.template ? { template: venture.template } : {}),
    invitations: [],
    outbox: events,
  });
  const currentText = (): Promise<TaskText> => options.taskText?.() ?? Promise.resolve(NO_TEXT);
  const textOf = async (doc: StoredVenture, master?: TaskText): Promise<TaskText> =>
    (doc.template ? await options.templateText?.(doc.template) : null) ?? master ?? (await currentText());
  const live = async (doc: StoredVenture): Promise<VentureRecord> => toRecord(doc, await textOf(doc));
  // User ids come from the signed identity or validated input; String() keeps anything else from a filter.
  const hasMember = (userId: string, roles?: readonly VentureRole[]) => ({
    members: mongoose.trusted({
      $elemMatch: roles ? { userId: String(userId), role: { $in: [...roles] } } : { userId: String(userId) },
    }),
  });
  /** Inside a task's `$elemMatch`: its prerequisites are exactly `ids` (in any order). */
  const samePrerequisites = (ids: string[]) =>
    ids.length === 0
      ? { prerequisiteIds: { $size: 0 } }
      : { prerequisiteIds: { $size: ids.length, $all: ids.map(objectId) } };
  /** Conditions on the members array, each its own `$elemMatch`, all of which must hold. */
  const allOf = (...conditions: Array<Record<string, unknown>>) => ({ $and: conditions });

  /**
   * The record of a venture read with `READ_PROJECTION` (typed as stored, without the tasks' text copies):
   * read again, under the same filter, with the copies when the templates do not name every task.
   */
  async function recordOf(
    doc: StoredVenture,
    filter: Record<string, unknown>,
    master?: TaskText,
  ): Promise<VentureRecord | null> {
    const text = await textOf(doc, master);
    if (namedByTemplates(doc, text)) return toRecord(doc, text);
    const full = await model
      .findOne({ ...filter, _id: doc._id, ...notDeleted }, PUBLIC_PROJECTION)
      .lean<StoredVenture>();
    return full ? toRecord(full, text) : null;
  }

  async function findOne(filter: Record<string, unknown>): Promise<VentureRecord | null> {
    const doc = await model.findOne({ ...filter, ...notDeleted }, READ_PROJECTION).lean<StoredVenture>();
    return doc ? recordOf(doc, filter) : null;
  }

  async function updateOne(
    filter: Record<string, unknown>,
    change: Record<string, unknown>,
    events: OutboxEvent[],
    arrayFilters?: Array<Record<string, unknown>>,
  ): Promise<boolean> {
    const push = { ...((change.$push as Record<string, unknown> | undefined) ?? {}), ...pushEvents(events) };
    const update = { ...change, ...(Object.keys(push).length > 0 ? { $push: push } : {}) };
    const result = await model.updateOne(
      { ...filter, ...notDeleted },
      update,
      arrayFilters ? { arrayFilters } : {},
    );
    const done = result.matchedCount > 0;
    if (done) written(events);
    return done;
  }

  async function updateAndRead(
    filter: Record<string, unknown>,
    change: Record<string, unknown>,
    events: OutboxEvent[],
    arrayFilters: Array<Record<string, unknown>>,
  ): Promise<VentureRecord | null> {
    const doc = await model
      .findOneAndUpdate(
        { ...filter, ...notDeleted },
        { ...change, ...(events.length > 0 ? { $push: pushEvents(events) } : {}) },
        { returnDocument: 'after', projection: READ_PROJECTION, arrayFilters },
      )
      .lean<StoredVenture>();
    if (!doc) return null;
    written(events);
    // Read again (when a template is gone) by id alone: the filter may hold only before the change.
    return recordOf(doc, {});
  }

  return {
    newId: () => new Types.ObjectId().toHexString(),
    // isValidObjectId also accepts any 12-character string; only 24 hex digits are ids here.
    isValidId: (id) => /^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id),

    findForMember: (id, userId) => findOne({ _id: objectId(id), 'members.userId': String(userId) }),

    findForMemberByTask: (taskId, userId) =>
      findOne({ 'tasks._id': objectId(taskId), 'members.userId': String(userId) }),

    findLive: (id) => findOne({ _id: objectId(id) }),

    findLiveByTask: (taskId) => findOne({ 'tasks._id': objectId(taskId) }),

    ownedCount: (userId) => model.countDocuments({ ...hasMember(userId, ['owner']), ...notDeleted }),

    async findRepeatedCreation(userId, creationKey, windowKeys) {
      const same = [
        ...(creationKey ? [{ creationKey: String(creationKey) }] : []),
        ...(windowKeys.length > 0
          ? [{ nameWindowKeys: mongoose.trusted({ $in: windowKeys.map(String) }) }]
          : []),
      ];
      if (same.length === 0) return null;
      return findOne({ userId: String(userId), $or: same });
    },

    async cohortVentures(ids) {
      if (ids.length === 0) return [];
      const docs = await model
        .find(
          { _id: mongoose.trusted({ $in: ids.map(objectId) }), ...notDeleted },
          {
            name: 1,
            blurb: 1,
            userId: 1,
            createdAt: 1,
            timeZone: 1,
            'tasks.taskId': 1,
            'tasks.title': 1,
            'tasks.category': 1,
            'tasks.status': 1,
            'tasks.dueDate': 1,
            'tasks.completedAt': 1,
            'tasks.statusChangedAt': 1,
            'tasks.verifiedAt': 1,
          },
        )
        .lean<StoredVenture[]>();
      return docs.map((doc) => ({
        id: String(doc._id),
        name: doc.name,
        blurb: doc.blurb ?? '',
        userId: doc.userId,
        createdAt: doc.createdAt,
        timeZone: doc.timeZone ?? DEFAULT_TIME_ZONE,
        tasks: (doc.tasks ?? []).map((task) => ({
          taskId: task.taskId,
          title: task.title,
          category: task.category,
          status: task.status,
          dueDate: task.dueDate ?? null,
          completedAt: task.completedAt ?? null,
          statusChangedAt: task.statusChangedAt ?? null,
          verifiedAt: task.verifiedAt ?? null,
        })),
      }));
    },

    async applyTemplate({ ventureId, userId, from, to, removeTaskIds, restoreTaskIds, add }) {
      const following = from
        ? { 'template.organizationId': String(from.organizationId), 'template.version': Number(from.version) }
        : { template: null };
      const scope = {
        _id: objectId(ventureId),
        ...notDeleted,
        ...hasMember(userId, ['owner']),
        ...following,
      };
      const doc = await model
        .findOne(scope, { tasks: 1, parkedTasks: 1, updatedAt: 1 })
        .lean<Pick<VentureDocument, 'tasks' | 'parkedTasks' | 'updatedAt'>>();
      if (!doc) return null;
      const remove = new Set(removeTaskIds);
      const restore = new Set(restoreTaskIds);
      const parked = doc.parkedTasks ?? [];
      const leaving = doc.tasks.filter((task) => remove.has(task.taskId));
      const leavingIds = new Set(leaving.map((task) => String(task._id)));
      const tasks = [
        ...doc.tasks.filter((task) => !remove.has(task.taskId)),
        ...parked.filter((task) => restore.has(task.taskId)),
        ...add.map(taskDocumentOf),
      ].map((task) => ({
        ...task,
        // A task that leaves cannot hold back one that stays.
        prerequisiteIds: (task.prerequisiteIds ?? []).filter((id) => !leavingIds.has(String(id))),
      }));
      // Kept tasks are written back as read, so their statuses, dates, assignees and comments (which live
      // apart, by task id) stay. Conditional on the venture being unchanged since it was read (every write
      // stamps `updatedAt`): a task changed meanwhile makes this match nothing, and the caller tries again on
      // the venture as it is then, rather than write back an older status.
      const result = await model.updateOne(
        { ...scope, updatedAt: doc.updatedAt },
        {
          $set: {
            tasks,
            parkedTasks: [...parked.filter((task) => !restore.has(task.taskId)), ...leaving],
            template: { organizationId: to.organizationId, version: to.version },
          },
        },
      );
      if (result.matchedCount === 0) return null;
      return findOne({ _id: objectId(ventureId) });
    },

    async parkedTaskIds(ventureId) {
      const doc = await model
        .findOne({ _id: objectId(ventureId), ...notDeleted }, { 'parkedTasks.taskId': 1 })
        .lean<Pick<VentureDocument, 'parkedTasks'>>();
      return (doc?.parkedTasks ?? []).map((task) => task.taskId);
    },

    async setVerification({ ventureId, taskId, verifiedBy, verifiedAt }) {
      const after = await updateAndRead(
        {
          _id: objectId(ventureId),
          ...(verifiedBy
            ? { tasks: mongoose.trusted({ $elemMatch: { _id: objectId(taskId), status: 'done' } }) }
            : { 'tasks._id': objectId(taskId) }),
        },
        { $set: { 'tasks.$[task].verifiedBy': verifiedBy, 'tasks.$[task].verifiedAt': verifiedAt } },
        [],
        [{ 'task._id': objectId(taskId) }],
      );
      return after?.tasks.find((task) => task.id === taskId) ?? null;
    },

    async listForMember(userId) {
      const filter = { 'members.userId': String(userId) };
      const docs = await model
        .find({ ...filter, ...notDeleted }, READ_PROJECTION)
        .sort({ createdAt: 1, _id: 1 })
        .lean<StoredVenture[]>();
      const text = await currentText();
      const records = await Promise.all(docs.map((doc) => recordOf(doc, filter, text)));
      return records.filter((record) => record !== null);
    },

    async create(venture, events) {
      let doc;
      try {
        doc = await model.create(documentOf(venture, events));
      } catch (error) {
        // The same creator and key or name window: a repeated request. Its venture is the answer; nothing
        // was written.
        if ((error as { code?: unknown } | null)?.code !== 11000) throw error;
        const same = [
          ...(venture.creationKey ? [{ creationKey: String(venture.creationKey) }] : []),
          ...(venture.nameWindowKeys
            ? [{ nameWindowKeys: mongoose.trusted({ $in: venture.nameWindowKeys.map(String) }) }]
            : []),
        ];
        if (same.length === 0) throw error;
        const first = await findOne({ userId: String(venture.userId), $or: same });
        if (!first) throw error;
        return first;
      }
      written(events);
      return live(doc.toObject());
    },

    async update(id, userId, changes, reminders = []) {
      const filter = { _id: objectId(id), ...hasMember(userId, ['owner']) };
      if (Object.keys(changes).length === 0) return findOne(filter);
      // The tasks' new reminder days, one array filter per distinct day (a zone change moves "today").
      const byDay = new Map<string | null, string[]>();
      for (const { taskId, nextReminderOn } of reminders) {
        byDay.set(nextReminderOn, [...(byDay.get(nextReminderOn) ?? []), taskId]);
      }
      const groups = [...byDay.entries()];
      const set: Record<string, unknown> = { ...changes };
      groups.forEach(([day], index) => {
        set[`tasks.$[day${index}].nextReminderOn`] = day;
      });
      const doc = await model
        .findOneAndUpdate(
          { ...filter, ...notDeleted },
          { $set: set },
          {
            returnDocument: 'after',
            projection: READ_PROJECTION,
            ...(groups.length > 0
              ? {
                  arrayFilters: groups.map(([, ids], index) => ({
                    [`day${index}._id`]: { $in: ids.map(objectId) },
                  })),
                }
              : {}),
          },
        )
        .lean<StoredVenture>();
      return doc ? recordOf(doc, {}) : null;
    },

    changeTaskStatus: (
      {
        ventureId,
        userId,
        taskId,
        from,
        to,
        ownerUsername,
        completedAt,
        nextReminderOn,
        requireDone,
        statusChangedAt,
      },
      events,
    ) =>
      updateAndRead(
        {
          _id: objectId(ventureId),
          ...allOf(
            hasMember(userId, WORKERS),
            // The expected current status is part of the match: a concurrent change makes this match nothing.
            {
              tasks: mongoose.trusted({
                $elemMatch: {
                  _id: objectId(taskId),
                  status: from,
                  // Completing: the prerequisites as read, exactly, ...
                  ...(requireDone ? samePrerequisites(requireDone) : {}),
                },
              }),
            },
            // ... every one of them still done.
            ...(requireDone ?? []).map((id) => ({
              tasks: mongoose.trusted({ $elemMatch: { _id: objectId(id), status: 'done' } }),
            })),
          ),
        },
        {
          $set: {
            'tasks.$[task].status': to,
            'tasks.$[task].nextReminderOn': nextReminderOn,
            ...(statusChangedAt ? { 'tasks.$[task].statusChangedAt': statusChangedAt } : {}),
            ...(to === 'done' || from === 'done' ? { 'tasks.$[task].completedAt': completedAt } : {}),
            // Issue 18: a verification holds only while the task stays done.
            ...(from === 'done'
              ? { 'tasks.$[task].verifiedBy': null, 'tasks.$[task].verifiedAt': null }
              : {}),
            ownerUsername: String(ownerUsername),
          },
        },
        events,
        [{ 'task._id': objectId(taskId) }],
      ),

    setTaskDates: ({
      ventureId,
      actorId,
      taskId,
      startDate,
      dueDate,
      previousDueDate,
      dueDateChanged,
      nextReminderOn,
    }) =>
      updateAndRead(
        {
          _id: objectId(ventureId),
          ...allOf(hasMember(actorId, WORKERS), {
            tasks: mongoose.trusted({ $elemMatch: { _id: objectId(taskId), dueDate: previousDueDate } }),
          }),
        },
        {
          $set: {
            'tasks.$[task].startDate': startDate === null ? null : String(startDate),
            'tasks.$[task].dueDate': dueDate === null ? null : String(dueDate),
            'tasks.$[task].nextReminderOn': nextReminderOn,
            // A moved due date re-arms every reminder (the scheduler's once-per-due-date rule relies on it).
            ...(dueDateChanged ? { 'tasks.$[task].remindedFor': {} } : {}),
          },
        },
        [],
        [{ 'task._id': objectId(taskId) }],
      ),

    setPrerequisites: ({ ventureId, actorId, taskId, prerequisiteIds, expected }) =>
      updateAndRead(
        {
          _id: objectId(ventureId),
          ...allOf(
            hasMember(actorId, WORKERS),
            // Every list as read: a concurrent change elsewhere could otherwise close a loop unseen.
            ...expected.map((task) => ({
              tasks: mongoose.trusted({
                $elemMatch: { _id: objectId(task.taskId), ...samePrerequisites(task.prerequisiteIds) },
              }),
            })),
          ),
        },
        { $set: { 'tasks.$[task].prerequisiteIds': prerequisiteIds.map(objectId) } },
        [],
        [{ 'task._id': objectId(taskId) }],
      ),

    setAssignee: ({ ventureId, actorId, taskId, assigneeId }, events) =>
      updateAndRead(
        {
          _id: objectId(ventureId),
          'tasks._id': objectId(taskId),
          ...allOf(
            hasMember(actorId, WORKERS),
            ...(assigneeId === null ? [] : [hasMember(assigneeId, WORKERS)]),
          ),
        },
        { $set: { 'tasks.$[task].assigneeId': assigneeId === null ? null : String(assigneeId) } },
        events,
        [{ 'task._id': objectId(taskId) }],
      ),

    markDeleted: (id, userId, events) =>
      updateOne(
        { _id: objectId(id), ...hasMember(userId, ['owner']) },
        { $set: { deletedAt: new Date() } },
        events,
      ),

    changeMemberRole: ({ ventureId, actorId, memberId, from, to }, events) =>
      updateOne(
        {
          _id: objectId(ventureId),
          ...allOf(
            hasMember(actorId, ['owner']),
            hasMember(memberId, [from]),
            // Another owner stays whatever happens to this member.
            {
              members: mongoose.trusted({ $elemMatch: { userId: { $ne: String(memberId) }, role: 'owner' } }),
            },
          ),
        },
        {
          $set: {
            'members.$[member].role': to,
            // A viewer cannot be assigned: their tasks become unassigned.
            ...(to === 'viewer' ? { 'tasks.$[assigned].assigneeId': null } : {}),
          },
        },
        events,
        [
          { 'member.userId': String(memberId) },
          ...(to === 'viewer' ? [{ 'assigned.assigneeId': String(memberId) }] : []),
        ],
      ),

    removeMember: ({ ventureId, actorId, memberId, role }, events) =>
      updateOne(
        {
          _id: objectId(ventureId),
          ...allOf(
            actorId === memberId ? hasMember(actorId) : hasMember(actorId, ['owner']),
            hasMember(memberId, [role]),
            {
              members: mongoose.trusted({ $elemMatch: { userId: { $ne: String(memberId) }, role: 'owner' } }),
            },
          ),
        },
        {
          $pull: { members: { userId: String(memberId) } },
          $set: { 'tasks.$[assigned].assigneeId': null },
        },
        events,
        [{ 'assigned.assigneeId': String(memberId) }],
      ),

    addInvitation: ({ ventureId, actorId, invitation, maxPending }, events) =>
      updateOne(
        {
          _id: objectId(ventureId),
          ...hasMember(actorId, ['owner']),
          'members.email': mongoose.trusted({ $ne: String(invitation.email) }),
          'invitations.email': mongoose.trusted({ $ne: String(invitation.email) }),
          [`invitations.${maxPending - 1}`]: mongoose.trusted({ $exists: false }),
        },
        {
          $push: {
            invitations: {
              _id: objectId(invitation.id),
              email: invitation.email,
              role: invitation.role,
              tokenHash: invitation.tokenHash,
              invitedBy: invitation.invitedBy,
              sentAt: invitation.sentAt,
              expiresAt: invitation.expiresAt,
            },
          },
        },
        events,
      ),

    async dropExpiredInvitations(ventureId, now) {
      await model.updateOne(
        { _id: objectId(ventureId), 'invitations.expiresAt': mongoose.trusted({ $lte: now }) },
        { $pull: { invitations: { expiresAt: { $lte: now } } } },
      );
    },

    renewInvitation: ({ ventureId, actorId, invitationId, tokenHash, sentAt, expiresAt }, events) =>
      updateOne(
        {
          _id: objectId(ventureId),
          ...hasMember(actorId, ['owner']),
          'invitations._id': objectId(invitationId),
        },
        {
          $set: {
            'invitations.$[invitation].tokenHash': String(tokenHash),
            'invitations.$[invitation].sentAt': sentAt,
            'invitations.$[invitation].expiresAt': expiresAt,
          },
        },
        events,
        [{ 'invitation._id': objectId(invitationId) }],
      ),

    removeInvitation: ({ ventureId, actorId, invitationId }) =>
      updateOne(
        {
          _id: objectId(ventureId),
          ...hasMember(actorId, ['owner']),
          'invitations._id': objectId(invitationId),
        },
        { $pull: { invitations: { _id: objectId(invitationId) } } },
        [],
      ),

    findByInvitationTokenHash: (tokenHash) => findOne({ 'invitations.tokenHash': String(tokenHash) }),

    acceptInvitation: ({ ventureId, invitationId, tokenHash, now, member }, events) =>
      updateOne(
        {
          _id: objectId(ventureId),
          invitations: mongoose.trusted({
            $elemMatch: {
              _id: objectId(invitationId),
              tokenHash: String(tokenHash),
              expiresAt: { $gt: now },
            },
          }),
          ...(member ? { 'members.userId': mongoose.trusted({ $ne: String(member.userId) }) } : {}),
        },
        {
          $pull: { invitations: { _id: objectId(invitationId) } },
          ...(member ? { $push: { members: member } } : {}),
        },
        events,
      ),

    async listMembershipsOfUser(userId) {
      const docs = await model
        .find(
          { 'members.userId': String(userId), ...notDeleted },
          { members: 1, userId: 1, ownerUsername: 1, createdAt: 1 },
        )
        .lean<Array<Pick<StoredVenture, '_id' | 'members' | 'userId' | 'ownerUsername' | 'createdAt'>>>();
      // Not migrated yet: the creator alone.
      const legacy = await model
        .find(
          { userId: String(userId), members: mongoose.trusted({ $exists: false }), ...notDeleted },
          { _id: 1 },
        )
        .lean<Array<{ _id: Types.ObjectId }>>();
      return [
        ...docs.map((doc) => ({
          ventureId: String(doc._id),
          role: doc.members.find((m) => m.userId === String(userId))!.role,
          ownerCount: doc.members.filter((m) => m.role === 'owner').length,
        })),
        ...legacy.map((doc) => ({ ventureId: String(doc._id), role: 'owner' as const, ownerCount: 1 })),
      ];
    },

    async dropDeletedMember(ventureId, userId) {
      await model.updateOne(
        { _id: objectId(ventureId), ...notDeleted },
        {
          $pull: { members: { userId: String(userId) } },
          $set: { 'tasks.$[assigned].assigneeId': null },
        },
        { arrayFilters: [{ 'assigned.assigneeId': String(userId) }] },
      );
    },

    async idsCreatedBy(userId) {
      const docs = await model
        .find({ userId: String(userId) }, { _id: 1 })
        .sort({ _id: 1 })
        .lean<Array<{ _id: Types.ObjectId }>>();
      return docs.map((doc) => String(doc._id));
    },

    async replaceCreatedBy(userId, venture) {
      await model.deleteMany({
        userId: String(userId),
        _id: mongoose.trusted({ $ne: objectId(venture.id) }),
      });
      // One write, so a read sees the venture before or after, never neither. The document is built through
      // the model, as `create` builds it, so it has the schema's defaults (`deletedAt` among them).
      const now = new Date();
      const doc = new model({ ...documentOf(venture, []), createdAt: now, updatedAt: now });
      await model.replaceOne({ _id: doc._id }, doc.toObject(), { upsert: true, timestamps: false });
    },

    markDeletedBySystem: (id, events) =>
      updateOne({ _id: objectId(id) }, { $set: { deletedAt: new Date() } }, events),

    async listOverviewPage({ cursor, limit, q }) {
      const rows = await model.aggregate<
        Omit<VentureOverviewRecord, 'id'> & { _id: Types.ObjectId; blurb?: string; ownerUsername?: string }
      >([
        { $match: pageFilter({ deletedAt: null }, searchFilter(q, ['name']), afterCursor(cursor)) },
        { $sort: NEWEST_FIRST },
        { $limit: limit + 1 },
        {
          $project: {
            userId: 1,
            ownerUsername: 1,
            name: 1,
            blurb: 1,
            createdAt: 1,
            taskCount: { $size: '$tasks' },
            completedTaskCount: {
              $size: { $filter: { input: '$tasks', as: 't', cond: { $eq: ['$$t.status', 'done'] } } },
            },
            // Ventures from before issue 16 have no member list: their owner is their one member.
            memberCount: { $max: [1, { $size: { $ifNull: ['$members', []] } }] },
          },
        },
      ]);
      const overviews: VentureOverviewRecord[] = rows.map(({ _id, ...row }) => ({
        ...row,
        id: String(_id),
        blurb: row.blurb ?? '',
        ownerUsername: row.ownerUsername ?? '',
      }));
      return toPage(overviews, limit, (venture) => venture);
    },

    async stats(): Promise<VentureStats> {
      const [totals] = await model.aggregate<VentureStats>([
        { $match: { deletedAt: null } },
        {
          $project: {
            tasks: { $size: '$tasks' },
            done: {
              $size: { $filter: { input: '$tasks', as: 't', cond: { $eq: ['$$t.status', 'done'] } } },
            },
          },
        },
        {
          $group: {
            _id: null,
            ventureCount: { $sum: 1 },
            taskCount: { $sum: '$tasks' },
            completedTaskCount: { $sum: '$done' },
          },
        },
        { $project: { _id: 0, ventureCount: 1, taskCount: 1, completedTaskCount: 1 } },
      ]);
      return totals ?? { ventureCount: 0, taskCount: 0, completedTaskCount: 0 };
    },

    async *reminderCandidates(through, batchSize) {
      const cursor = model
        .find(
          { 'tasks.nextReminderOn': mongoose.trusted({ $lte: String(through) }), ...notDeleted },
          REMINDER_PROJECTION,
        )
        .lean<ReminderDocument[]>()
        .cursor({ batchSize });
      try {
        // Read once per scan (issue 21): a reminder names the task by its template's current title.
        let text: TaskText | undefined;
        for await (const doc of cursor as AsyncIterable<ReminderDocument>) {
          text ??= await currentText();
          // Issue 18: a roadmap following an organization template names its tasks as the version does.
          yield toReminderCandidate(doc, await textOf(doc as StoredVenture, text));
        }
      } finally {
        await cursor.close();
      }
    },

    async markReminder({ ventureId, taskId, dueDate, kind, nextReminderOn }, events) {
      const task = objectId(taskId);
      const due = String(dueDate);
      const result = await model.updateOne(
        {
          _id: objectId(ventureId),
          ...notDeleted,
          // The task as the scheduler read it: same due date; to send, not done and this reminder not sent for it.
          tasks: mongoose.trusted({
            $elemMatch: {
              _id: task,
              dueDate: due,
              ...(kind ? { status: { $ne: 'done' }, [`remindedFor.${kind}`]: { $ne: due } } : {}),
            },
          }),
        },
        {
          $set: {
            ...(kind ? { [`tasks.$[task].remindedFor.${kind}`]: due } : {}),
            'tasks.$[task].nextReminderOn': nextReminderOn === null ? null : String(nextReminderOn),
          },
          ...(events.length > 0 ? { $push: pushEvents(events) } : {}),
        },
        { arrayFilters: [{ 'task._id': task }] },
      );
      const done = result.matchedCount > 0;
      if (done) written(events);
      return done;
    },

    async migrateMembers() {
      const legacy = await model
        .find(
          { members: mongoose.trusted({ $exists: false }) },
          { userId: 1, ownerUsername: 1, createdAt: 1 },
        )
        .lean<Array<Pick<StoredVenture, '_id' | 'userId' | 'ownerUsername' | 'createdAt'>>>();
      let migrated = 0;
      for (const doc of legacy) {
        // Conditional: a second replica migrating at the same time changes nothing twice.
        const result = await model.updateOne(
          { _id: doc._id, members: mongoose.trusted({ $exists: false }) },
          { $set: { members: [creatorAsOwner(doc)] } },
        );
        migrated += result.modifiedCount;
      }
      return migrated;
    },

    async migratePrerequisites(graph) {
      // No task has the field at all: created before issue 17 (`[]` is an owner's choice, kept).
      const untouched = { 'tasks.prerequisiteIds': mongoose.trusted({ $exists: false }) };
      const legacy = await model
        .find({ ...untouched, 'tasks.0': mongoose.trusted({ $exists: true }) }, { tasks: 1 })
        .lean<Array<Pick<StoredVenture, '_id' | 'tasks'>>>();
      let migrated = 0;
      for (const doc of legacy) {
        const idOfTemplate = new Map(doc.tasks.map((task) => [task.taskId, task._id]));
        const set: Record<string, Types.ObjectId[]> = {};
        doc.tasks.forEach((task, index) => {
          set[`tasks.${index}.prerequisiteIds`] = graph(task.taskId)
            .map((templateId) => idOfTemplate.get(templateId))
            .filter((id): id is Types.ObjectId => id !== undefined);
        });
        // Conditional: a second replica migrating at the same time changes nothing twice.
        const result = await model.updateOne({ _id: doc._id, ...untouched }, { $set: set });
        migrated += result.modifiedCount;
      }
      return migrated;
    },
  };
}
