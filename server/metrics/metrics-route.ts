import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../../shared/error-codes';
import type { Logger } from '../logger';
import { metricsText } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed first, so the
 * comparison takes the same time whatever the length and content of what was sent.
 */
function carriesToken(authorization: string | undefined, expected: Buffer): boolean {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), expected);
}

/**
 * GET /metrics on the app's port, for `Authorization: Bearer METRICS_TOKEN` only (docs/metrics.md):
 * 401 with WWW-Authenticate otherwise. Never cached by a proxy.
 */
export function metricsRoute(token: string) {
  const expected = digest(token);
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!carriesToken(req.headers.authorization, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return void res.status(401).json({ detail: 'The metrics need the metrics token (Authorization: Bearer)', code: 'UNAUTHORIZED' } satisfies ErrorBody);
    }
    try {
      const { contentType, text } = await metricsText();
      res.setHeader('Cache-Control', 'no-store');
      res.type(contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}

const NOT_FOUND = JSON.stringify({ detail: 'This port serves GET /metrics only', code: 'NOT_FOUND' } satisfies ErrorBody);

/**
 * The metrics' own server (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless told otherwise): GET
 * /metrics without a token, for a scraper that reaches that address only; 404 for anything else.
 * Not the app: no request log, no API, nothing a visitor of the app's port can reach.
 */
export function createMetricsServer(logger: Logger): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return void res.writeHead(404, { 'Content-Type': 'application/json' }).end(NOT_FOUND);
    }
    metricsText().then(
      ({ contentType, text }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics: collecting failed');
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } satisfies ErrorBody));
      },
    );
  });
}
