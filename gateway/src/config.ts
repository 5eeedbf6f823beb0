import { baseConfigSchemaWithoutDatabase, isPlaceholderSecret, loadConfig, secretList } from '@app/common';
import { z } from 'zod';

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-please-0000';

const serviceUrl = z.url({ protocol: /^https?$/ }).optional();

// The gateway opens no database: MONGO_URL is neither read nor required.
export const gatewayConfigSchema = baseConfigSchemaWithoutDatabase
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    /** Redis for sessions and rate limits; unset = in-memory store (one gateway process, local runs only). */
    REDIS_URL: z
      .string()
      .regex(
        /^(rediss?:\/\/\S+|redis-sentinel:\/\/(?:[^:@/]*:[^@/]*@)?[^/\s]+\/[^/?#\s]+)$/,
        'must be a redis://, rediss:// or redis-sentinel://host:port[,host:port]/<name> URL',
      )
      .optional(),
    SESSION_SECRET: z.string().min(32).default(DEV_SESSION_SECRET),
    /**
     * Earlier session secrets, comma-separated: cookies they signed stay valid while SESSION_SECRET (which
     * signs every new cookie) is rotated. Drop them once the longest session has ended.
     */
    SESSION_SECRET_PREVIOUS: secretList(),
    /** A session unused for this long ends (browser-session cookies). Remember-me sessions idle out after 30 days. */
    SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(720),
    /** No session lives longer than this, however active. */
    SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
    AUTH_URL: serviceUrl,
    VENTURE_URL: serviceUrl,
    ORGANIZATION_URL: serviceUrl,
    CONTACT_URL: serviceUrl,
    ADMIN_URL: serviceUrl,
    /** The built web app; served with SPA fallback. */
    WEB_DIST: z.string().default('web/dist'),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Keep-alive connections to each service at most; more concurrent calls queue for one. */
    UPSTREAM_MAX_SOCKETS: z.coerce.number().int().positive().max(10_000).default(256),
    /**
     * Wrong passwords per (account, client) before that client waits between tries, 1 s doubling up to
     * LOGIN_DELAY_MAX_SECONDS; the owner on another client is unaffected.
     */
    LOGIN_FREE_ATTEMPTS: z.coerce.number().int().positive().default(5),
    LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().positive().default(900),
    /** The global ceiling: wrong passwords per account from all clients in the window (never the demo account's). */
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(200),
    /** Failed logins per client address in the window before 429. */
    LOGIN_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(100),
    /** Successful sign-ins per account per minute (the demo account: per account and client). */
    SIGNIN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** Live sessions per user; a new sign-in beyond it ends the oldest (not the demo account's). */
    SESSION_LIMIT_PER_USER: z.coerce.number().int().positive().default(10),
    /** Password-reset requests per address named, and per client address, in the window. */
    RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(3),
    RESET_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(20),
    /** Accepted contact messages per client address in CONTACT_LIMIT_WINDOW_MINUTES (in Redis: across replicas). */
    CONTACT_LIMIT_PER_CLIENT: z.coerce.number().int().positive().max(10_000).default(10),
    CONTACT_LIMIT_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /**
     * Issue 17: fetches of the public calendar feed (`/api/calendar/...`) per client address per minute (in
     * Redis: across replicas). Calendar apps poll every few minutes to hours; a stranger guessing tokens
     * gets 429 long before a guess could matter (each token is 256 random bits).
     */
    CALENDAR_FEED_LIMIT_PER_MINUTE: z.coerce.number().int().positive().max(10_000).default(30),
    /** The shared demo account (as auth's DEMO_USERNAME): never locked by strangers, never capped in sessions. */
    DEMO_USERNAME: z.email().default('demo@ventureroadmap.app'),
    REGISTER_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(30),
    /** Issue 19: "Continue with SSO" starts per client address per RATE_LIMIT_WINDOW_MINUTES. */
    SSO_START_LIMIT_PER_CLIENT: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    /**
     * Set: `/metrics` is served on this port only (kept off the public port, e.g. for Prometheus inside the
     * cluster). Unset: no `/metrics` at all, unless METRICS_PUBLIC asks for it on PORT.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** `true`: serve `/metrics` on the public PORT too (a local run's scraper); never the default. */
    METRICS_PUBLIC: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Issue 19, custom domains: how long the organization a Host resolves to (or that it resolves to none)
     * is reused, and how many hosts are kept at most.
     */
    CUSTOM_DOMAIN_CACHE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    CUSTOM_DOMAIN_CACHE_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Number of proxies in front of the gateway whose X-Forwarded-For is trusted (0 = none). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (config.SESSION_SECRET === DEV_SESSION_SECRET || isPlaceholderSecret(config.SESSION_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be set to a secret of your own in production',
      });
    if (!config.REDIS_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message: 'required in production (sessions never fall back to memory)',
      });
    // Elsewhere an unset service answers 502 (tests and partial local runs); in production it is a mistake.
    for (const name of ['AUTH_URL', 'VENTURE_URL', 'ORGANIZATION_URL', 'CONTACT_URL', 'ADMIN_URL'] as const) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required in production' });
    }
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}
