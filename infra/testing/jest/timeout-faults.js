// The fault suite's per-test bound (see timeout-integration.js for why this is a setup file).
import { jest } from '@jest/globals';

jest.setTimeout(120_000);
