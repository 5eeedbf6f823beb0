import { createLogger } from './logger.ts';
import { errorMiddleware } from './errors.ts';

/*
 * Issue 20: whatever the driver throws while the database is hung or away is a 503 (never a 500 with an
 * error id): the time-outs of a reply, of server selection, and the pool cleared by the monitor under
 * an operation.
 */
const logger = createLogger({ name: 'test', level: 'silent' });

function statusOf(err: unknown): number {
  let status = 0;
  const res = {
    headersSent: false,
    setHeader: () => undefined,
    status(code: number) {
      status = code;
      return this;
    },
    json: () => undefined,
  };
  errorMiddleware(logger)(err, {} as never, res as never, () => undefined);
  return status;
}

const driverError = (name: string) => Object.assign(new Error('database away'), { name });

describe('database failures answer 503', () => {
  it.each([
    'MongoNetworkTimeoutError',
    'MongoNetworkError',
    'MongoServerSelectionError',
    'MongoPoolClearedError',
    'PoolClearedOnNetworkError',
    'MongoWaitQueueTimeoutError',
    'MongoOperationTimeoutError',
    'MongoNotConnectedError',
  ])('%s → 503', (name) => {
    expect(statusOf(driverError(name))).toBe(503);
  });

  it('any other error → 500', () => {
    expect(statusOf(new Error('bug'))).toBe(500);
  });
});
