export * from './fault-proxy.ts';
export * from './test-mongo.ts';
export * from './containers.ts';
export * from './browser.ts';
export * from './smtp-sink.ts';
export * from './platform.ts';
export * from './runner-process.ts';
