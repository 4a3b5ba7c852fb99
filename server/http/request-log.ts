import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';

/** Logged URLs never carry the tokens of mailed links (one-time links, unsubscribe links). */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]').replace(/^(\/unsubscribe\/)[^/?#]+/, '$1[redacted]');

/**
 * One log line per request when its answer ends or its client goes away: `request completed`
 * (info), `request errored` (error) for a 5xx, or `request aborted` (info) when the client left
 * before the answer ended, with `req` {id, method, url}, `res` {statusCode} and `responseTime` in
 * ms. Paths in `unlogged` (probes, scrapes) write none.
 *
 * Written here rather than with pino-http, which made a child logger for every request whether or
 * not its line would be written: that cost the app 0.2-0.45 ms of CPU per feed request under load
 * (docs/benchmarks.md). Here a request costs one listener, and a line only when the level is on.
 */
export function requestLog(logger: Logger, unlogged: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (unlogged.has(req.url)) return next();
    const started = Date.now();
    res.once('close', () => {
      const failed = res.statusCode >= 500;
      const level = failed ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { id: req.id, method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      const message = !res.writableFinished ? 'request aborted' : failed ? 'request errored' : 'request completed';
      logger[level](line, message);
    });
    next();
  };
}
