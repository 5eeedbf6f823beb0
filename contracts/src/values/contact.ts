// The contact forms' fixed texts, zod-free so a page that shows them carries no schema.

export const CONTACT_SUCCESS_MESSAGE =
  "Thank you for your message! We'll get back to you as soon as possible.";
/** The enterprise form sends its inquiries through the same call with this subject prefix. */
export const ENTERPRISE_SUBJECT_PREFIX = 'Enterprise Inquiry from ';
