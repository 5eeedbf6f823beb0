import { z } from 'zod';
import { TASK_STATUSES } from '../domain/task-status.ts';

/*
 * Request bodies. Every object is strict (unknown keys → 400), every value must be of its own type (so
 * operator objects such as `{"$ne": null}` never reach a query), and messages are the ones the web app
 * shows as they are (spec §5).
 */

export const NAME_REQUIRED = 'Please enter a venture name';
export const NAME_TOO_LONG = 'Venture name must be 100 characters or less';
export const BLURB_TOO_LONG = 'Description must be 140 characters or less';
export const INVALID_STATUS = `Status must be one of ${TASK_STATUSES.join(', ')}`;

/** Spec §9: the blurb is at most 140 characters. */
export const MAX_BLURB_LENGTH = 140;
export const MAX_NAME_LENGTH = 100;

const name = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(MAX_NAME_LENGTH, NAME_TOO_LONG);

/** Optional; `null` or blank means no description (stored as ''). */
const blurb = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(MAX_BLURB_LENGTH, BLURB_TOO_LONG)
  .nullable()
  .transform((value) => value ?? '');

export const createVentureBody = z.strictObject({
  name,
  blurb: blurb.optional().transform((value) => value ?? ''),
});

/** Only the keys present change. */
export const updateVentureBody = z.strictObject({
  name: name.optional(),
  blurb: blurb.optional(),
});

export const changeTaskStatusBody = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: INVALID_STATUS }),
});

// ---- Internal (admin service) ------------------------------------------------------------------------

const TITLE_REQUIRED = 'Please enter a task title';

const templateTitle = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(200, 'Task title must be 200 characters or less');
const templateDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(500, 'Task description must be 500 characters or less');
/** Blank is allowed and reported as 'General'. */
const templateCategory = z
  .string({ error: 'Category must be text' })
  .trim()
  .max(100, 'Category must be 100 characters or less');

export const createTemplateBody = z.strictObject({
  title: templateTitle,
  description: templateDescription.optional().transform((value) => value ?? ''),
  category: templateCategory.optional().transform((value) => value ?? ''),
});

export const updateTemplateBody = z.strictObject({
  title: templateTitle.optional(),
  description: templateDescription.optional(),
  category: templateCategory.optional(),
});

// ---- Path parameters: a malformed id is 400 (RELIABILITY.md); a well-formed unknown one is 404 --------

const objectIdParam = (message: string) =>
  z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/i, message) });
const numericIdParam = (message: string) =>
  z.strictObject({
    id: z
      .string()
      .regex(/^[1-9][0-9]{0,8}$/, message)
      .transform((value) => Number(value)),
  });

export const ventureIdParams = objectIdParam('Invalid venture id');
export const taskIdParams = objectIdParam('Invalid task id');
export const guideIdParams = numericIdParam('Invalid task guide id');
export const templateIdParams = numericIdParam('Invalid task template id');
