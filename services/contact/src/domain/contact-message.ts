import type { CursorPage } from '@app/common';
import type { ContactMessage, PageRequest } from '@app/contracts';

/** A stored contact message or enterprise inquiry, as the admin list answers it (the contract's shape). */
export type { ContactMessage };

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  kind: ContactMessage['kind'];
  userId: string | null;
  clientIp: string | null;
  createdAt: Date;
}

export interface ContactMessageRepository {
  /** Stores the message and its `contact.received` event in one write; returns the stored message. */
  create(input: NewContactMessage, event: (id: string) => unknown): Promise<ContactMessage>;
  /** A page of live messages, newest first, searched by the sender's e-mail and the subject. */
  listPage(page: PageRequest): Promise<CursorPage<ContactMessage>>;
}

export interface ContactContext {
  messages: ContactMessageRepository;
  clock: () => Date;
}
