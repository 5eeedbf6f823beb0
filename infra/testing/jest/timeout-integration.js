// Jest applies `testTimeout` only from the root configuration, not per project, so each project sets its
// bound here (setupFilesAfterEnv). Integration tests: real processes, sockets and disks; a bound against
// hangs, not a speed goal (speed lives in `npm run bench`).
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
