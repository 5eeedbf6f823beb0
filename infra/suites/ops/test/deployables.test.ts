import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOYABLES, configProblems, requiredInProduction } from '../src/deployables.ts';
import { repoRoot } from './support/platform.ts';

describe('required configuration, derived from the config schemas', () => {
  it('names what each deployable cannot start without in production', () => {
    const required = Object.fromEntries(
      Object.entries(DEPLOYABLES).map(([name, d]) => [name, requiredInProduction(d.schema)]),
    );
    const services = ['AMQP_URL', 'INTERNAL_SECRET', 'MONGO_URL'];
    expect(required).toEqual({
      gateway: [
        'ADMIN_URL',
        'AMQP_URL',
        'AUTH_URL',
        'CONTACT_URL',
        'INTERNAL_SECRET',
        'ORGANIZATION_URL',
        'REDIS_URL',
        'SESSION_SECRET',
        'VENTURE_URL',
      ],
      auth: services,
      venture: services,
      // Issue 19: the key sealing SSO client secrets (its development default is refused).
      organization: [...services, 'SSO_ENCRYPTION_KEY'],
      contact: services,
      admin: services,
      mailer: [...services, 'SMTP_URL'],
    });
  });

  it('reports nothing missing once those are set with real values', () => {
    const secret = 'a3f9c1e07b5d42c8a6e1f0b9d7c3e5a1';
    const env = {
      NODE_ENV: 'production',
      INTERNAL_SECRET: secret,
      SESSION_SECRET: secret,
      AMQP_URL: 'amqp://u:p@rabbitmq:5672',
      MONGO_URL: 'mongodb://mongo:27017',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://smtp:1025',
      AUTH_URL: 'http://auth:4001',
      VENTURE_URL: 'http://venture:4002',
      ORGANIZATION_URL: 'http://organization:4003',
      CONTACT_URL: 'http://contact:4004',
      ADMIN_URL: 'http://admin:4005',
      SSO_ENCRYPTION_KEY: 'c7e2a9f04b1d63e8a5f0c2b7d9e1a4f6',
    };
    for (const d of Object.values(DEPLOYABLES)) expect(configProblems(d.schema, env)).toEqual({});
  });
});

describe('infra/README.md "Configuration reference"', () => {
  it('documents every variable every deployable reads', () => {
    const guide = readFileSync(path.join(repoRoot, 'infra/README.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Configuration reference'), guide.indexOf('## Kubernetes'));
    const undocumented = Object.entries(DEPLOYABLES).flatMap(([name, d]) =>
      Object.keys((d.schema as unknown as { shape: Record<string, unknown> }).shape)
        .filter((key) => !section.includes(`\`${key}\``))
        .map((key) => `${name}: ${key}`),
    );
    expect(undocumented).toEqual([]);
  });
});
