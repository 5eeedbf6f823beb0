import type { ContactMessage, ContactMessagePage } from '@app/contracts';

/** A stored contact message or enterprise inquiry, as the admin list answers it (the contract's shape). */
export type { ContactMessage, ContactMessagePage };

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
  list(opts: { limit: number; offset: number }): Promise<ContactMessagePage>;
}

export interface ContactContext {
  messages: ContactMessageRepository;
  clock: () => Date;
}
