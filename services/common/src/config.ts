import { z } from 'zod';

/**
 * The secret every local run uses when INTERNAL_SECRET is unset. Known to everyone who reads this file,
 * so production refuses it (and anything that looks like a placeholder).
 */
export const DEV_INTERNAL_SECRET = 'venture-roadmap-dev-only-internal-secret-do-not-use';

const PLACEHOLDER_SECRET = /change[-_ ]?me|dev[-_ ]?only|example|placeholder|^(.)\1+$/i;

/** A value that looks like a placeholder rather than a real secret (refused in production). */
export function isPlaceholderSecret(secret: string): boolean {
  return PLACEHOLDER_SECRET.test(secret);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Earlier secrets still accepted during a rotation: comma-separated, each at least 32 characters. */
export const secretList = () =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')));

const sharedShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_INTERNAL_SECRET),
  /** Unset: the in-process bus (all-in-one process only). */
  AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\/\S+$/, 'must be an amqp:// or amqps:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Where users reach the app; links in e-mails are built from it. No trailing slash. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
};

/** The production rules: no development or placeholder secret, and no embedded stand-in for `required`. */
function productionRules(required: ReadonlyArray<'MONGO_URL' | 'AMQP_URL'>) {
  return (config: Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
    if (config.NODE_ENV !== 'production') return;
    const secret = config.INTERNAL_SECRET;
    if (typeof secret === 'string' && (secret === DEV_INTERNAL_SECRET || PLACEHOLDER_SECRET.test(secret))) {
      ctx.addIssue({
        code: 'custom',
        path: ['INTERNAL_SECRET'],
        message: 'required in production (the development default and placeholder secrets are refused)',
      });
    }
    for (const key of required) {
      if (config[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'required in production (embedded stand-ins are for local runs only)',
        });
      }
    }
  };
}

/**
 * The variables every deployable shares. Services add their own with `baseConfigSchema.extend({...})`;
 * the production rules below survive `extend` (zod keeps object-level refinements) and run even when
 * other variables are invalid (`when`), so one line names every problem at once.
 */
export const baseConfigSchema = z
  .object({
    ...sharedShape,
    /**
     * Other secrets an incoming identity may be signed with (rotation without 401s): identities are
     * signed with INTERNAL_SECRET only, and verified against it and these.
     */
    INTERNAL_SECRET_PREVIOUS: secretList(),
    /** Unset: only under `npm start` or the tests, which start the embedded engine and pass its URL. */
    MONGO_URL: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// URL')
      .optional(),
  })
  .superRefine(productionRules(['MONGO_URL', 'AMQP_URL']), { when: () => true });

/** The same for a deployable that opens no database (the gateway): no MONGO_URL, so none required. */
export const baseConfigSchemaWithoutDatabase = z
  .object(sharedShape)
  .superRefine(productionRules(['AMQP_URL']), { when: () => true });

export type BaseConfig = z.output<typeof baseConfigSchema>;

/** The keys a service verifies identities with: the current secret first, then the ones still accepted. */
export function identityKeys(
  config: Pick<BaseConfig, 'INTERNAL_SECRET' | 'INTERNAL_SECRET_PREVIOUS'>,
): string[] {
  return [config.INTERNAL_SECRET, ...config.INTERNAL_SECRET_PREVIOUS];
}

/** A configuration that failed validation; `message` is the one line printed at boot. */
export class ConfigError extends Error {
  readonly problems: Record<string, string[]>;
  constructor(problems: Record<string, string[]>) {
    const parts = Object.entries(problems).map(([key, reasons]) => `${key}: ${reasons.join(', ')}`);
    super(`Invalid configuration: ${parts.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function reason(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? 'required' : `expected ${article(issue.expected)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join('|')}`;
    case 'too_small':
      return issue.origin === 'string' && value === undefined ? 'required' : issue.message;
    default:
      return issue.message.replace(/^Invalid input: /, '');
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * Validates the environment with `schema`; throws a ConfigError naming every bad variable. Empty values
 * count as unset (`MONGO_URL=` in a .env file means "use the default").
 */
export function parseConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.output<T> {
  const input: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') input[key] = value;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '(environment)';
    const top = issue.path[0];
    const text = reason(issue, typeof top === 'string' ? input[top] : undefined);
    const list = (problems[key] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  throw new ConfigError(problems);
}

/**
 * The boot-time form: on invalid configuration, prints ONE line to stderr naming every bad variable and
 * stops the process with status 1. Secrets are never echoed, only the reasons.
 */
export function loadConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.output<T> {
  try {
    return parseConfig(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
