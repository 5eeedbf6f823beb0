import { z } from 'zod';

/* The answer shape of a roadmap's progress; computed by computeProgress in ../progress.ts. */

export const categoryProgressSchema = z.object({
  category: z.string(),
  /** Tasks done. */
  completed: z.number().int(),
  total: z.number().int(),
  /** round(completed / total × 100). */
  percentage: z.number().int(),
});
export type CategoryProgress = z.output<typeof categoryProgressSchema>;

export const progressSchema = z.object({
  /** round(done / total × 100); 0 when there are no tasks. */
  percentage: z.number().int(),
  total: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  blocked: z.number().int(),
  todo: z.number().int(),
  /** In the order each category first appears in the tasks (the roadmap order). */
  categories: z.array(categoryProgressSchema),
});
export type Progress = z.output<typeof progressSchema>;
