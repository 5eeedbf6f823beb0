import { afterCursor, NEWEST_FIRST, notDeleted, pageFilter, searchFilter, toPage } from '@app/common';
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
    async listPage({ cursor, limit, q }) {
      const docs = await model
        .find(pageFilter(notDeleted, searchFilter(q, ['email', 'subject']), afterCursor(cursor)), {
          outbox: 0,
          clientIp: 0,
        })
        .sort(NEWEST_FIRST)
        .limit(limit + 1)
        .lean<ContactMessageDocument[]>();
      return toPage(docs.map(toMessage), limit, (message) => ({
        createdAt: new Date(message.createdAt),
        id: message.id,
      }));
    },
  };
}
