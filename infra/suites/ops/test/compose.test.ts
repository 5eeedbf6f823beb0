// docker-compose.yml, the operator's local topology (infra/README.md "Running with Docker Compose"),
// checked offline: it parses, every service can start (image or build, health checks), every deployable
// gets the variables its own config schema requires in production, only the intended ports are
// published, and secrets come from .env (documented in .env.example).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  environmentOf,
  interpolate,
  parseCompose,
  publishedPorts,
  type ComposeService,
} from '../src/compose.ts';
import { DEPLOYABLES, configProblems, requiredInProduction } from '../src/deployables.ts';
import { mailerConfigSchema, mailerShutdownTimeoutMs } from '@app/mailer';
import { parseDockerfile } from '../src/dockerfile.ts';
import { parseEnvFile } from '../src/kustomize.ts';
import { repoRoot } from './support/platform.ts';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const compose = parseCompose(read('docker-compose.yml'));
const example = parseEnvFile(read('.env.example'), '.env.example');
/** .env.example with every `change-me` placeholder replaced, as an operator's .env would be. */
const dotenv = Object.fromEntries(
  Object.entries(example).map(([k, v]) => [k, /change-me/.test(v) ? randomBytes(32).toString('hex') : v]),
);
const services = Object.entries(compose.services);
const built = services.filter(([, s]) => s.build !== undefined);

function buildArgs(service: ComposeService) {
  const build = typeof service.build === 'string' ? { context: service.build } : service.build!;
  return build;
}

/** The environment a service's container gets, interpolated from `vars` like `docker compose` does. */
function containerEnv(service: ComposeService, vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environmentOf(service)).map(([k, v]) => [k, interpolate(v, vars).value]),
  );
}

describe('docker-compose.yml', () => {
  it('parses, and every service has an image or a build', () => {
    expect(services.length).toBeGreaterThan(0);
    for (const [name, service] of services)
      expect({ name, runnable: Boolean(service.image) || service.build !== undefined }).toEqual({
        name,
        runnable: true,
      });
  });

  it('builds every deployable, once, from infra/deploy/docker/Dockerfile with its APP', () => {
    const apps = built.map(([name, s]) => {
      const build = buildArgs(s);
      expect({ name, dockerfile: build.dockerfile, context: build.context }).toEqual({
        name,
        dockerfile: 'infra/deploy/docker/Dockerfile',
        context: '.',
      });
      return [name, build.args?.APP];
    });
    expect(Object.fromEntries(apps)).toEqual(
      Object.fromEntries(Object.entries(DEPLOYABLES).map(([name, d]) => [name, d.app])),
    );
  });

  it('has a health check for every service: its own, or the image HEALTHCHECK of the Dockerfile for built ones; every service_healthy dependency has one', () => {
    const dockerfile = parseDockerfile(read('infra/deploy/docker/Dockerfile'));
    const imageHealthcheck = dockerfile.stages.at(-1)!.instructions.some((i) => i.keyword === 'HEALTHCHECK');
    expect(imageHealthcheck).toBe(true);
    const healthy = (name: string) => {
      const s = compose.services[name]!;
      if (s.healthcheck?.disable) return false;
      return s.healthcheck !== undefined || (s.build !== undefined && imageHealthcheck);
    };
    for (const [name] of services) expect({ name, healthy: healthy(name) }).toEqual({ name, healthy: true });
    for (const [name, s] of services) {
      const deps = Array.isArray(s.depends_on) ? {} : (s.depends_on ?? {});
      for (const [dep, { condition }] of Object.entries(deps)) {
        expect(compose.services[dep]).toBeDefined();
        if (condition === 'service_healthy')
          expect({ name, dep, healthy: healthy(dep) }).toEqual({ name, dep, healthy: true });
      }
    }
  });

  it.each(Object.entries(DEPLOYABLES))(
    '%s gets every variable its config schema requires in production, and the result is a valid configuration',
    (name, deployable) => {
      const service = compose.services[name];
      expect(service).toBeDefined();
      const env = containerEnv(service!, dotenv);
      expect(env.NODE_ENV).toBe('production');
      const missing = requiredInProduction(deployable.schema).filter((key) => !env[key]);
      expect({ name, missing }).toEqual({ name, missing: [] });
      expect(configProblems(deployable.schema, env)).toEqual({});
    },
  );

  it("gives the mailer time to drain its deliveries before it is killed (its own shutdown limit, not compose's 10 s)", () => {
    const grace = String(compose.services.mailer!.stop_grace_period ?? '10s');
    const seconds = Number(/^(\d+)s$/.exec(grace)?.[1]);
    const config = mailerConfigSchema.parse({ INTERNAL_SECRET: 'x'.repeat(32) });
    expect(seconds * 1000).toBeGreaterThan(mailerShutdownTimeoutMs(config));
  });

  it('refuses to start with an example placeholder secret left in place', () => {
    const env = containerEnv(compose.services.auth!, example);
    expect(Object.keys(configProblems(DEPLOYABLES.auth!.schema, env))).toContain('INTERNAL_SECRET');
    // Only the session secret left as in the example: the gateway still refuses.
    const gateway = containerEnv(compose.services.gateway!, {
      ...dotenv,
      SESSION_SECRET: example.SESSION_SECRET!,
    });
    expect(Object.keys(configProblems(DEPLOYABLES.gateway!.schema, gateway))).toEqual(['SESSION_SECRET']);
  });

  it('publishes only the gateway, the SMTP catcher UI, the RabbitMQ management UI and (profile sso) the test OpenID provider; all but the gateway on loopback only', () => {
    const published: Record<string, Array<[string, string, string]>> = Object.fromEntries(
      services
        .map(([name, s]) => [name, publishedPorts(s, dotenv)] as const)
        .filter(([, ports]) => ports.length > 0),
    );
    expect(Object.keys(published).sort()).toEqual(['gateway', 'rabbitmq', 'smtp', 'sso-idp']);
    // Issue 19: only with `--profile sso`, for trying SSO on one machine.
    expect(compose.services['sso-idp']!.profiles).toEqual(['sso']);
    expect(published['sso-idp']).toEqual([['127.0.0.1', '4010', '4010']]);
    expect(published.smtp).toEqual([['127.0.0.1', '8025', '8025']]);
    expect(published.rabbitmq).toEqual([['127.0.0.1', '15672', '15672']]);
    const gatewayEnv = containerEnv(compose.services.gateway!, dotenv);
    expect(published.gateway).toEqual([['0.0.0.0', dotenv.GATEWAY_PORT ?? '3000', gatewayEnv.PORT]]);
    // The gateway's metrics port stays inside the compose network.
    expect(gatewayEnv.METRICS_PORT).toBeDefined();
    expect(published.gateway!.map(([, , target]) => target)).not.toContain(gatewayEnv.METRICS_PORT);
  });

  it('takes every secret from .env: no literal secret in the file, each required variable documented in .env.example', () => {
    const text = read('docker-compose.yml');
    const uses = new Set<string>();
    const requires = new Set<string>();
    for (const [, s] of services) {
      for (const [key, raw] of Object.entries(environmentOf(s))) {
        const { uses: u, requires: r } = interpolate(raw, dotenv);
        u.forEach((v) => uses.add(v));
        r.forEach((v) => requires.add(v));
        if (/SECRET|PASSWORD|PASS$|TOKEN/.test(key))
          expect({ key, fromEnv: u.length > 0 && raw.replace(/\$\{[^}]+\}/g, '') === '' }).toEqual({
            key,
            fromEnv: true,
          });
        if (key === 'AMQP_URL') expect(raw).toMatch(/\$\{RABBITMQ_PASSWORD[:?}]/);
      }
    }
    expect([...requires].sort()).toEqual(
      expect.arrayContaining(['INTERNAL_SECRET', 'SESSION_SECRET', 'RABBITMQ_PASSWORD']),
    );
    const undocumented = [...uses].filter((v) => !(v in example));
    expect(undocumented).toEqual([]);
    // Without a .env, compose refuses to start rather than run with empty secrets.
    expect(() => containerEnv(compose.services.gateway!, {})).toThrow(
      /INTERNAL_SECRET|SESSION_SECRET|RABBITMQ_PASSWORD/,
    );
    expect(text).not.toMatch(/-----BEGIN/);
    expect(text).not.toMatch(/^\s*[A-Z_]*(PASSWORD|SECRET|PASS|TOKEN)[A-Z_]*:\s*(?!\$\{)\S/m);
    // .env stays out of git and out of the image's build context.
    expect(read('.gitignore').split('\n')).toContain('.env');
    expect(read('.dockerignore').split('\n')).toContain('.env');
  });
});
