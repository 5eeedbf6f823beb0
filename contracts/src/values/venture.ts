import { LIMITS } from '../limits.ts';
import { TASK_STATUSES } from '../task-status.ts';

// The venture service's messages and categories, zod-free so a page that shows them carries no schema.

const { venture } = LIMITS;

export const VENTURE_NAME_REQUIRED = 'Please enter a venture name';
export const VENTURE_NAME_TOO_LONG = `Venture name must be ${venture.name.max} characters or less`;
export const VENTURE_BLURB_TOO_LONG = `Description must be ${venture.blurb.max} characters or less`;
export const INVALID_TASK_STATUS = `Status must be one of ${TASK_STATUSES.join(', ')}`;

/** The five standard categories of the built-in guides, in roadmap order (ids 1-12, 13-22, 23-34, 35-42, 43-50). */
export const TASK_CATEGORIES = [
  'Ideation & Market Research',
  'Team & Legal Structure',
  'MVP & Product Development',
  'Funding & Finance',
  'Launch & Marketing',
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/** The category shown for a template or task without one (spec §3, "Task template"). */
export const DEFAULT_TASK_CATEGORY = 'General';
