import express, { type NextFunction, type Request, type Response } from 'express';
import type { ErrorBody } from '../../../shared/error-codes';
import { LIMITS, NOTIFICATION_MAIL } from '../../../shared/limits';
import { AppError, badRequest } from '../../errors';
import type { AppDeps } from '../../trpc/context';
import { unsubscribe } from './notification-settings.service';

/** Where the one-click link points: APP_URL + this + the token. */
export const UNSUBSCRIBE_PATH = '/unsubscribe/:token';

const sendError = (res: Response, error: AppError) => {
  res.set(error.headers);
  res.status(error.status).json({ detail: error.detail, code: error.code } satisfies ErrorBody);
};

const form = express.urlencoded({ extended: false, limit: NOTIFICATION_MAIL.unsubscribeBodyBytes, parameterLimit: 10 });

/** The form body, or the 4xx that refuses it (too large, not a form). */
function readForm(req: Request, res: Response): Promise<AppError | undefined> {
  return new Promise((resolve) => {
    form(req, res, (error?: { type?: string }) => {
      if (!error) return resolve(undefined);
      if (error.type === 'entity.too.large') return resolve(new AppError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${NOTIFICATION_MAIL.unsubscribeBodyBytes} bytes`));
      resolve(badRequest('INVALID_BODY', 'The request body must be List-Unsubscribe=One-Click, form-encoded'));
    });
  });
}

/**
 * POST /unsubscribe/{token}: the List-Unsubscribe link itself, posted by a mail client with the
 * body `List-Unsubscribe=One-Click` (RFC 8058), no sign-in. Answers 200 and turns the link's kinds'
 * e-mail off; a tampered or expired token is refused with 400 and a detail. A GET of the same
 * address is the app's page (client route /unsubscribe/:token), which changes nothing until its
 * button is pressed. docs/notification-settings.md.
 */
export function unsubscribeRoute(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const refused = await readForm(req, res);
      if (refused) return sendError(res, refused);
      const body = (req.body ?? {}) as Record<string, unknown>;
      // Only the form RFC 8058 names: a JSON body (read by the JSON parser before this) does not count.
      if (!req.is('application/x-www-form-urlencoded') || body['List-Unsubscribe'] !== 'One-Click') return sendError(res, badRequest('INVALID_BODY', 'The request body must be List-Unsubscribe=One-Click, form-encoded'));
      const token = String(req.params.token ?? '');
      if (token.length > LIMITS.unsubscribeTokenMax) return sendError(res, badRequest('INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid.'));
      res.json(await unsubscribe(deps.db, deps.config.jwtSecret, token, req.ip ?? 'unknown'));
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error);
      next(error);
    }
  };
}
