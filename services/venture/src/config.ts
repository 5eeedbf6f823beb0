import { baseConfigSchema, loadConfig } from '@app/common';
import { DEFAULT_FREE_PLAN_VENTURE_LIMIT } from '@app/contracts';
import { Cron } from 'croner';
import { z } from 'zod';

/** The venture service's environment (the only place that reads `process.env`). */
export const ventureConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4002),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The auth service, asked for a venture owner's username (`GET /internal/users/:id`) at creation and at each task change. */
  AUTH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('http://127.0.0.1:4001')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * Issue 18: the organization service, asked once at start for every organization with its plan (the read
   * model's reconciliation); under `npm start` the runner gives its address, which starts after this one.
   */
  ORGANIZATION_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** The shared demo account (the same variable as auth's): it can neither invite nor be invited. */
  DEMO_USERNAME: z.string().trim().toLowerCase().min(1).default('demo@ventureroadmap.app'),
  /**
   * When the demo account's sample venture returns to its seeded state (croner pattern, UTC), besides at
   * start; once per hour at most across replicas.
   */
  DEMO_RESET_CRON: z
    .string()
    .min(9)
    .max(100)
    .refine((pattern) => {
      try {
        new Cron(pattern, { paused: true }).stop();
        return true;
      } catch {
        return false;
      }
    }, 'must be a cron pattern, e.g. "0 * * * *"')
    .default('0 * * * *'),
  /**
   * Issue 17: how often the reminder scheduler looks for due-date reminders to send (seconds). Each tick
   * scans only the tasks whose `nextReminderOn` has come (an index), so a short interval is cheap.
   */
  REMINDER_TICK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Issue 18: how many ventures a user on the Free plan may own (members of an Enterprise organization have
   * no limit; ventures beyond it that exist stay usable).
   */
  FREE_PLAN_VENTURE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_FREE_PLAN_VENTURE_LIMIT),
  /**
   * Issue 18: how often the cohort scheduler runs (seconds): weekly median-progress snapshots with the
   * program managers' digests (once per program and week), and at-risk e-mails to mentors (once per episode).
   */
  COHORT_TICK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
});

export type VentureConfig = z.output<typeof ventureConfigSchema>;

/** Reads and validates the environment; on a bad value prints one line naming every problem and exits. */
export function readVentureConfig(env: NodeJS.ProcessEnv = process.env): VentureConfig {
  return loadConfig(ventureConfigSchema, env);
}
