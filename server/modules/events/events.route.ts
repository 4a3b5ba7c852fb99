import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../../../shared/error-codes';
import { AppError, unauthorized } from '../../errors';
import { createContextInner, type AppDeps } from '../../trpc/context';
import { viewerOf } from '../../viewer';
import { admitStream, parseCursor, tokenExpiresAt } from './events.service';

const sendError = (res: Response, error: AppError) => {
  res.set(error.headers);
  res.status(error.status).json({ detail: error.detail, code: error.code } satisfies ErrorBody);
};

/**
 * GET /v1/events: the signed-in user's live events as Server-Sent Events (docs/live-events.md).
 * Signed in as every call is (`Authorization: Bearer`, read by the tRPC context); resumes from
 * `Last-Event-ID` or `?last_event_id=` (for clients that cannot set headers on reconnect).
 * Refused with 429 past the user's streams on this instance (TOO_MANY_STREAMS, free: no SQL) or
 * past the opens allowed per user and per IP (TOO_MANY_REQUESTS, events.service.ts admitStream).
 * The stream follows its token: it ends when the token expires or is revoked (event-hub.ts).
 */
export function eventsRoute(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { auth } = await createContextInner(deps, { authorization: req.headers.authorization, ip: req.ip });
      if (!auth.user) return sendError(res, unauthorized(auth.reason));
      // HEAD gets the stream's head alone: no body would ever flush it, and it opens no stream.
      if (req.method === 'HEAD') return void res.status(200).type('text/event-stream; charset=utf-8').set('Cache-Control', 'no-cache, no-transform').end();
      const hub = deps.events;
      if (!hub) return sendError(res, new AppError(503, 'SERVICE_UNAVAILABLE', 'Live events are not running on this instance'));
      const tooMany = () => new AppError(429, 'TOO_MANY_STREAMS', `At most ${hub.streamsPerUser} event streams per user; close one first`, { 'Retry-After': '30' });
      // Checked first for free; open() checks again as it registers the stream (opens may race).
      if (hub.streamCount(auth.user.id) >= hub.streamsPerUser) return sendError(res, tooMany());
      try {
        await admitStream(deps.db, auth.user.id, req.ip ?? 'unknown');
      } catch (error) {
        if (error instanceof AppError) return sendError(res, error);
        throw error;
      }
      const header = req.headers['last-event-id'];
      const query = req.query.last_event_id;
      const cursor = parseCursor(typeof header === 'string' ? header : typeof query === 'string' ? query : undefined);
      const start = () => {
        // no-transform: the compression middleware (and proxies) must not buffer the stream.
        res.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        });
        res.write(': connected\n\n');
      };
      const session = {
        tokenVersion: auth.user.token_version,
        sessionId: auth.user.session_id,
        expiresAt: tokenExpiresAt(req.headers.authorization),
        // REQUIRE_ADMIN_2FA: an admin's session without a second factor sees as a user (docs/two-factor.md).
        adminPowers: !viewerOf(auth.user, deps.config.requireAdmin2fa).adminNeedsSecondFactor,
      };
      const opened = await hub.open(auth.user.id, res, cursor, session, start);
      // The client may have gone meanwhile: nobody to answer.
      if (opened !== 'open' && (!res.socket || res.socket.destroyed)) return;
      if (opened === 'full') return sendError(res, tooMany());
      if (opened === 'revoked') return sendError(res, unauthorized('The token has been revoked'));
      if (opened === 'closed') return sendError(res, new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is shutting down'));
    } catch (error) {
      if (res.headersSent) return void res.end();
      next(error);
    }
  };
}
