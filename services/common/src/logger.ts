import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

export interface LoggerOptions {
  name: string;
  level?: string;
}

/**
 * Structured JSON logs (one line per event). The correlation id travels as `correlationId` in child
 * loggers made per request and per event.
 */
export function createLogger({ name, level }: LoggerOptions): Logger {
  return pino({
    name,
    level: level ?? 'info',
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-internal-identity"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
  });
}
