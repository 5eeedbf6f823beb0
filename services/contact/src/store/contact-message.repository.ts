import { notDeleted } from '@app/common';
import mongoose from 'mongoose';
import type { ContactMessage, ContactMessageRepository } from '../domain/contact-message.ts';
import type { ContactMessageDocument, ContactMessageModel } from './contact-message.model.ts';

function toMessage(doc: ContactMessageDocument): ContactMessage {
  return {
    id: String(doc._id),
    name: doc.name,
    email: doc.email,
    subject: doc.subject,
    message: doc.message,
    kind: doc.kind,
    userId: doc.userId ?? null,
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}

export function createContactMessageRepository(
  model: ContactMessageModel,
  hooks: { onEventsWritten?: () => void } = {},
): ContactMessageRepository {
  return {
    async create(input, event) {
      const _id = new mongoose.Types.ObjectId();
      // The message and its event are one insert: both are stored or neither is.
      await model.create({ _id, ...input, outbox: [event(String(_id))] } as Partial<ContactMessageDocument>);
      hooks.onEventsWritten?.();
      return toMessage({ _id, ...input, deletedAt: null });
    },
    async list({ limit, offset }) {
      const [docs, total] = await Promise.all([
        model
          .find(notDeleted, { outbox: 0, clientIp: 0 })
          .sort({ createdAt: -1, _id: -1 })
          .skip(offset)
          .limit(limit)
          .lean<ContactMessageDocument[]>(),
        model.countDocuments(notDeleted),
      ]);
      return { messages: docs.map(toMessage), total };
    },
  };
}
