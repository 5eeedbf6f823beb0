export * from './fault-proxy.ts';
export * from './test-mongo.ts';
