import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../../../shared/error-codes';
import { Id } from '../../../shared/schemas/common';
import { AppError, badRequest, unauthorized } from '../../errors';
import { createContextInner, type AppDeps } from '../../trpc/context';
import { viewerOf } from '../../viewer';
import { shareImageFacts, shareImagePng } from './share-image.service';

const sendError = (res: Response, error: AppError) => {
  res.set(error.headers);
  res.status(error.status).json({ detail: error.detail, code: error.code } satisfies ErrorBody);
};

/** The two paths of the share image: a stack's and a twisted stack's. */
export const SHARE_IMAGE_PATHS = { stack: '/v1/stacks/:id/image.png', twisted: '/v1/twisted_stacks/:id/image.png' } as const;

/**
 * GET /v1/stacks/{id}/image.png and GET /v1/twisted_stacks/{id}/image.png: the signed-in viewer's
 * share image (docs/share-image.md). A PNG, so an Express route beside the JSON procedures,
 * signed in as every call is (`Authorization: Bearer`). `Cache-Control: private, no-cache` with an
 * ETag: the browser revalidates and gets 304 while the picture is unchanged. A new picture is drawn
 * on a render thread, within the viewer's allowance (429) and the threads' queue (503).
 */
export function shareImageRoute(deps: AppDeps, kind: 'stack' | 'twisted') {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { auth } = await createContextInner(deps, { authorization: req.headers.authorization, ip: req.ip });
      if (!auth.user) return sendError(res, unauthorized(auth.reason));
      const id = Id.safeParse(req.params.id);
      if (!id.success) return sendError(res, badRequest('VALIDATION_FAILED', `id: ${id.error.issues[0]?.message ?? 'must be a positive whole number'}`));
      const facts = await shareImageFacts(deps.db, viewerOf(auth.user, deps.config.requireAdmin2fa), id.data, kind);
      res.set({ ETag: facts.etag, 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
      if (req.fresh) return void res.status(304).end();
      const png = await shareImagePng(facts, auth.user.id);
      res.set({ 'Content-Type': 'image/png', 'Content-Length': String(png.length), 'Content-Disposition': `inline; filename="${kind === 'twisted' ? 'twisted-stack' : 'stack'}-${id.data}.png"` });
      res.end(req.method === 'HEAD' ? undefined : png);
    } catch (error) {
      if (error instanceof AppError) return sendError(res, error);
      next(error);
    }
  };
}
