/** A stored contact message or enterprise inquiry. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  kind: 'contact' | 'enterprise';
  /** The signed-in sender's user id, or null for a visitor. */
  userId: string | null;
  createdAt: string;
}

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  kind: 'contact' | 'enterprise';
  userId: string | null;
  clientIp: string | null;
  createdAt: Date;
}

export interface ContactMessageRepository {
  /** Stores the message and its `contact.received` event in one write; returns the stored message. */
  create(input: NewContactMessage, event: (id: string) => unknown): Promise<ContactMessage>;
  list(opts: { limit: number; offset: number }): Promise<{ messages: ContactMessage[]; total: number }>;
}

export interface ContactContext {
  messages: ContactMessageRepository;
  clock: () => Date;
}

/** The enterprise form sends its inquiries through the same call with this subject prefix (spec, calls). */
export const ENTERPRISE_SUBJECT_PREFIX = 'Enterprise Inquiry from ';
