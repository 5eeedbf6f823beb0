import { z } from 'zod';
import { baseConfigSchema, ConfigError, DEV_INTERNAL_SECRET, identityKeys, parseConfig } from './config.ts';

const strongSecret = 'k7Qm2vX9pL4rT8wZ1bN6cH3jF5sD0gYa';
const serviceSchema = baseConfigSchema.extend({ PORT: z.coerce.number().int().min(1).max(65535) });

function failure(schema: z.ZodType, env: NodeJS.ProcessEnv): ConfigError {
  try {
    parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('when nothing is set outside production, then every shared variable has its local default', () => {
    const config = parseConfig(baseConfigSchema, {});
    expect(config).toEqual({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      INTERNAL_SECRET: DEV_INTERNAL_SECRET,
      INTERNAL_SECRET_PREVIOUS: [],
      DATA_DIR: '.data',
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  it('INTERNAL_SECRET_PREVIOUS lists the earlier secrets still accepted, each at least 32 characters; the current one comes first', () => {
    const earlier = 'Pr3v10usS3cr3tPr3v10usS3cr3t0000';
    const config = parseConfig(baseConfigSchema, {
      INTERNAL_SECRET: strongSecret,
      INTERNAL_SECRET_PREVIOUS: ` ${earlier} ,`,
    });
    expect(config.INTERNAL_SECRET_PREVIOUS).toEqual([earlier]);
    expect(identityKeys(config)).toEqual([strongSecret, earlier]);
    const error = failure(baseConfigSchema, { INTERNAL_SECRET_PREVIOUS: `${earlier},short` });
    expect(error.message).toContain('INTERNAL_SECRET_PREVIOUS.1: each secret must be at least 32 characters');
  });

  it('when several variables are bad, then ONE line names each of them and why', () => {
    const error = failure(serviceSchema, { PORT: 'eighty', INTERNAL_SECRET: 'short', LOG_LEVEL: 'loud' });
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/^Invalid configuration: /);
    expect(error.message).toContain('PORT: expected a number');
    expect(error.message).toContain('INTERNAL_SECRET: must be at least 32 characters');
    expect(error.message).toContain('LOG_LEVEL: expected one of fatal|error|warn|info|debug|trace|silent');
  });

  it('when a service variable is missing, then it is reported as required', () => {
    expect(failure(serviceSchema, {}).message).toBe('Invalid configuration: PORT: required');
  });

  it('when production runs with the development secret, then it refuses to start and says why', () => {
    const error = failure(baseConfigSchema, {
      NODE_ENV: 'production',
      INTERNAL_SECRET: DEV_INTERNAL_SECRET,
      MONGO_URL: 'mongodb://db:27017',
      AMQP_URL: 'amqp://mq',
    });
    expect(error.message).toBe(
      'Invalid configuration: INTERNAL_SECRET: required in production (the development default and placeholder secrets are refused)',
    );
  });

  it('when production runs without a secret or with a placeholder, then it refuses to start', () => {
    expect(failure(baseConfigSchema, { NODE_ENV: 'production' }).problems).toEqual({
      INTERNAL_SECRET: [expect.stringContaining('required in production')],
      MONGO_URL: ['required in production (embedded stand-ins are for local runs only)'],
      AMQP_URL: ['required in production (embedded stand-ins are for local runs only)'],
    });
    const placeholder = failure(baseConfigSchema, {
      NODE_ENV: 'production',
      INTERNAL_SECRET: 'change-me-change-me-change-me-change-me',
      MONGO_URL: 'mongodb://db:27017',
      AMQP_URL: 'amqp://mq',
    });
    expect(Object.keys(placeholder.problems)).toEqual(['INTERNAL_SECRET']);
  });

  it('when production rules and type errors both fail, then all are reported together', () => {
    const error = failure(serviceSchema, { NODE_ENV: 'production', PORT: 'x' });
    expect(Object.keys(error.problems).sort()).toEqual(['AMQP_URL', 'INTERNAL_SECRET', 'MONGO_URL', 'PORT']);
  });

  it('when production is fully configured, then the typed config comes back', () => {
    const config = parseConfig(serviceSchema, {
      NODE_ENV: 'production',
      INTERNAL_SECRET: strongSecret,
      MONGO_URL: 'mongodb://db:27017',
      AMQP_URL: 'amqp://user:pw@mq:5672',
      PUBLIC_URL: 'https://roadmap.example.org/',
      PORT: '4001',
    });
    expect(config.PORT).toBe(4001);
    expect(config.PUBLIC_URL).toBe('https://roadmap.example.org');
    expect(config.INTERNAL_SECRET).toBe(strongSecret);
  });

  it('when a variable is set to the empty string, then it counts as unset', () => {
    expect(parseConfig(baseConfigSchema, { MONGO_URL: '', AMQP_URL: '' }).MONGO_URL).toBeUndefined();
  });

  it('when URLs have the wrong scheme, then they are named', () => {
    const error = failure(baseConfigSchema, {
      MONGO_URL: 'http://db',
      AMQP_URL: 'redis://x',
      PUBLIC_URL: 'nope',
    });
    expect(error.problems).toEqual({
      MONGO_URL: ['must be a mongodb:// or mongodb+srv:// URL'],
      AMQP_URL: ['must be an amqp:// or amqps:// URL'],
      PUBLIC_URL: ['must be an http(s) URL'],
    });
  });

  it('the error message never echoes a secret value', () => {
    const error = failure(baseConfigSchema, { INTERNAL_SECRET: 'tooshort-but-secret' });
    expect(error.message).not.toContain('tooshort-but-secret');
  });
});
