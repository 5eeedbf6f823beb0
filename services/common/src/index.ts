// The shared library's one entry point. Services and the gateway import only from here.
export * from './errors.ts';
export * from './identity.ts';
export * from './logger.ts';
export * from './config.ts';
export * from './correlation.ts';
export * from './events.ts';
export * from './bus.ts';
export * from './health.ts';
export * from './metrics.ts';
export * from './service-app.ts';
export * from './internal-client.ts';
export * from './shutdown.ts';
export * from './service-start.ts';
export * from './mongo.ts';
export * from './outbox.ts';
export * from './respond.ts';
export * from './route-client.ts';
