import { createCleanups } from './shutdown.ts';
import { createLogger } from './logger.ts';

describe('createCleanups', () => {
  it('runs the steps in reverse order, once, and a failing step does not stop the others', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const errors: unknown[] = [];
    logger.error = ((obj: unknown) => {
      errors.push(obj);
    }) as typeof logger.error;
    const cleanups = createCleanups(logger, 'widget service');
    const ran: string[] = [];
    cleanups.push(() => {
      ran.push('mongo');
    });
    cleanups.push(async () => {
      ran.push('bus');
      throw new Error('bus close failed');
    });
    cleanups.push(async () => {
      ran.push('server');
    });

    await cleanups.run();
    await cleanups.run();

    expect(ran).toEqual(['server', 'bus', 'mongo']);
    expect(errors).toEqual([{ err: expect.objectContaining({ message: 'bus close failed' }) }]);
  });
});
