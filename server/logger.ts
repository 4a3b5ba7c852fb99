import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets are redacted wherever they could appear. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
