import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { OBSERVABILITY } from '../../shared/limits';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id (requestId below): answered in X-Request-Id, written in its log lines. */
    id: string;
  }
}

/** An id a client (or a proxy in front) may choose: short, and nothing a log line could be forged with. */
const SANE_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${OBSERVABILITY.requestIdMax}}$`);

/** The request's id: the X-Request-Id it came with when that is sane, else a new random UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_ID.test(header) ? header : randomUUID();
}

/**
 * Gives every request an id (`req.id`, which the request log writes as `req.id`) and answers it
 * in X-Request-Id on every response: API calls, errors, 404s, static files, /healthz
 * (docs/metrics.md). First of the middleware, so nothing answers before it.
 */
export function requestId() {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req.headers['x-request-id']);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}
