// `npm start`: the whole platform in one process on a bare machine. Every service still listens on its own
// port and is reached only through the gateway over HTTP; whatever URL is unset (MONGO_URL, REDIS_URL,
// AMQP_URL, SMTP_URL) is replaced by its embedded stand-in, with data under DATA_DIR (default .data/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventBus, createLogger, loadConfig, onShutdown } from '@app/common';
import { readAuthConfig } from '@app/auth';
import { readGatewayConfig, startGateway } from '@app/gateway';
import type { EmbeddedMongo } from '@app/mongo-embedded';
import { localInternalSecret } from './internal-secret.ts';
import { PLATFORM_SERVICES, type PlatformService } from './services.ts';
import { startTestClock } from './test-clock.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
process.chdir(root);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? '.data'),
  WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'web/dist'),
};
// An empty value means unset (`REDIS_URL= npm start` runs on the stand-in), as in docker compose files.
for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];
// Never the published development secret on the services' 127.0.0.1 ports: one of this data directory's own.
env.INTERNAL_SECRET ??= localInternalSecret(env.DATA_DIR!);
const logger = createLogger({ name: 'runner', level: env.LOG_LEVEL });

/** A port nobody listens on now (for PORT=0: the address must be known before the services start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// The gateway's port, and the public address e-mail links use: unless PUBLIC_URL says otherwise, the address
// printed below (before issue 20 it was always port 3000, so `PORT=3300 npm start` mailed dead links).
env.PORT = env.PORT === '0' ? String(await freePort()) : (env.PORT ?? '3000');
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;

if (!existsSync(path.join(env.WEB_DIST!, 'index.html'))) {
  logger.info('building the web app (first run)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) {
    logger.fatal('the web app failed to build');
    process.exit(1);
  }
}

// Which stand-ins run, named before the embedded engine fills MONGO_URL in.
const standIns = [
  !env.MONGO_URL && 'MongoDB (embedded)',
  !env.REDIS_URL && 'Redis (memory)',
  !env.AMQP_URL && 'RabbitMQ (in-process)',
  !env.SMTP_URL && 'SMTP (.eml files in DATA_DIR/mail)',
].filter(Boolean);

// One MongoDB engine for every service when MONGO_URL is unset, its files under DATA_DIR/mongo (each service
// still has its own database). Only the runner and the test library wire the engine in: a deployable needs
// MONGO_URL, so its image carries no engine.
let engine: EmbeddedMongo | null = null;
if (!env.MONGO_URL) {
  const dbPath = path.resolve(env.DATA_DIR!, 'mongo');
  // Loaded on demand: with MONGO_URL the engine is never loaded.
  const { startEmbeddedMongo } = await import('@app/mongo-embedded');
  engine = await startEmbeddedMongo({
    host: '127.0.0.1',
    port: 0,
    dbPath,
    onError: (err) => logger.error({ err }, 'embedded MongoDB engine failure'),
  });
  logger.warn({ url: engine.url, dbPath }, 'MONGO_URL is not set: using the embedded MongoDB engine');
}

// One bus for the whole process: the in-process stand-in when AMQP_URL is unset, journaled under DATA_DIR
// so that events the outbox relays handed over are not lost when the process is killed.
const bus = createEventBus({
  url: env.AMQP_URL,
  logger,
  connectionName: 'runner',
  journal: path.resolve(env.DATA_DIR!, 'bus', 'journal.ndjson'),
});
/**
 * Services listen on ephemeral ports; the gateway is the only address a person needs. With
 * SERVICE_PORT_BASE=<n> they listen on known ports instead, for scraping their `/metrics`, `/readyz` and
 * `/healthz`: auth n+1, venture n+2, organization n+3, contact n+4, admin n+5, mailer n+6 (the order of
 * their default ports 4001-4006; `portOffset` in ./services.ts).
 */
const serviceEnv = { ...env, PORT: '0', HOST: '127.0.0.1', ...(engine ? { MONGO_URL: engine.url } : {}) };
const portBase = env.SERVICE_PORT_BASE === undefined ? null : Number(env.SERVICE_PORT_BASE);
if (portBase !== null && !(Number.isInteger(portBase) && portBase > 0 && portBase < 65_000)) {
  logger.fatal({ SERVICE_PORT_BASE: env.SERVICE_PORT_BASE }, 'SERVICE_PORT_BASE must be a port number');
  process.exit(1);
}
/** The environment of one service: its own port when SERVICE_PORT_BASE is set. */
const envOf = (service: PlatformService) =>
  portBase === null ? serviceEnv : { ...serviceEnv, PORT: String(portBase + service.portOffset) };

// Browser tests that move time start their own runner with a test clock (never in production).
if (env.TEST_CLOCK_FILE && env.NODE_ENV === 'production') {
  logger.fatal('TEST_CLOCK_FILE is for tests only and is refused in production');
  process.exit(1);
}
const testClock = env.TEST_CLOCK_FILE ? startTestClock(env.TEST_CLOCK_FILE) : null;
if (testClock)
  logger.warn({ file: env.TEST_CLOCK_FILE }, 'test clock: the services keep the time of that file');

const running: Array<{ name: string; service: { close(): Promise<void> } }> = [];
/** The `<NAME>_URL` of every service started so far (later services are given the earlier ones'). */
const serviceUrls: Record<string, string> = {};
/** The same by service name, live: a service calling one started after it reads its address here. */
const urlsByName: Record<string, string> = {};
// Every service in PLATFORM_SERVICES' order (./services.ts: adding a service = one entry there).
for (const platformService of PLATFORM_SERVICES) {
  const { schema, start } = await platformService.load();
  const config = loadConfig(schema, { ...envOf(platformService), ...serviceUrls });
  const service = await start(config, {
    bus,
    serviceUrls: urlsByName,
    ...(testClock ? { clock: testClock.now } : {}),
  });
  running.push({ name: platformService.name, service });
  const { urlVar } = platformService;
  if (urlVar) serviceUrls[urlVar] = `http://127.0.0.1:${service.port}`;
  if (urlVar) urlsByName[platformService.name] = `http://127.0.0.1:${service.port}`;
}

const gatewayConfig = readGatewayConfig({ ...env, ...serviceUrls });
const gateway = await startGateway(gatewayConfig, { bus });

const address = `http://localhost:${gateway.port}`;
const demo = readAuthConfig(serviceEnv);
console.log(
  [
    '',
    `  Venture Roadmap is running: ${address}`,
    `  Demo account:  ${demo.DEMO_USERNAME} / ${demo.DEMO_PASSWORD}`,
    demo.ADMIN_EMAIL
      ? `  Administrator: ${demo.ADMIN_EMAIL} (password: the ADMIN_PASSWORD you set), dashboard at ${address}/admin`
      : '  Administrator: none configured; start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=<8+ chars> npm start',
    `  E-mail links:  ${env.PUBLIC_URL}${env.PUBLIC_URL === address ? '' : ' (PUBLIC_URL)'}`,
    `  Data:          ${env.DATA_DIR}`,
    `  Stand-ins:     ${standIns.join(', ') || 'none'}`,
    '',
  ].join('\n'),
);

onShutdown({
  logger,
  steps: [
    () => gateway.close(),
    ...running.reverse().map(
      ({ service }) =>
        () =>
          service.close(),
    ),
    () => bus.close(),
    async () => engine?.stop(),
  ],
});
