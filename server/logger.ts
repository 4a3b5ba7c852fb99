import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets are redacted wherever they could appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
  };
  // Standard output unless told otherwise (tests read the lines back).
  return destination ? pino(options, destination) : pino(options);
}
