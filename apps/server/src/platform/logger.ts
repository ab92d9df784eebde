import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets, passwords and tokens must never be passed to a logger. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'atelier' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'headers.authorization', 'headers.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
