import { z } from 'zod';
import { TASK_STATUSES } from '../task-status.ts';

export const taskStatusSchema = z.enum(TASK_STATUSES);
