import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Where the lines go (default stdout); tests that read their logs pass a stream. */
  destination?: NodeJS.WritableStream;
}

/**
 * Structured JSON logs (one line per event). The correlation id travels as `correlationId` in child
 * loggers made per request and per event.
 */
export function createLogger({ name, level, destination }: LoggerOptions): Logger {
  const options = {
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
        // Issue 19: an SSO client secret never reaches a log line.
        'clientSecret',
        '*.clientSecret',
        '*.*.clientSecret',
      ],
      censor: '[redacted]',
    },
  } satisfies Parameters<typeof pino>[0];
  return destination ? pino(options, destination) : pino(options);
}
